// The sandbox provider's checkout page: what a card form would be, reduced to two honest buttons.
import { formatMinor } from '#shared/domain/decimal';
import type { Checkout } from '#shared/domain/checkout';
import { htmlText } from '#shared/documents/html-text';

const META =
  '<meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">' +
  '<meta name="robots" content="noindex">';
const STYLE =
  'body { font-family: system-ui, sans-serif; max-width: 32rem; margin: 2rem auto; padding: 1rem; } ' +
  'button { font-size: 1.1rem; padding: .6rem 1.4rem; margin-right: 1rem; }';

export const sandboxCheckoutPage = (checkout: Checkout) => {
  const amount = `${htmlText(formatMinor(checkout.amount_minor))} ${htmlText(checkout.currency)}`;
  return `<!doctype html>
<html lang="en"><head>${META}
<title>Sandbox payment</title>
<style>${STYLE}</style></head>
<body><main>
<h1>Sandbox payment</h1>
<p>No money moves here: this page stands in for a card payment provider.</p>
<p>Amount: <strong data-testid="checkout-amount">${amount}</strong></p>
${
  checkout.status === 'open'
    ? `<form method="post" action="pay/" style="display:inline"><button type="submit">Pay</button></form>
<form method="post" action="fail/" style="display:inline"><button type="submit">Fail</button></form>`
    : `<p>This checkout is ${htmlText(checkout.status)}.</p>`
}
</main></body></html>`;
};
