// Something to look at on a fresh laptop stack: clients and an invoice in every status, made through
// the running API with the demo API key the way an integration would (so e-mails reach the inbox and
// events the pipeline). Runs once, when the database is new.
import { INVOICE_STATUSES, type InvoiceStatus } from '#shared/domain/invoice';

type Call = (method: string, path: string, body?: unknown) => Promise<{ id: string; [key: string]: unknown }>;

function caller(apiBaseUrl: string, apiKey: string): Call {
  return async (method, path, body) => {
    const answer = await fetch(`${apiBaseUrl}/api/v1/${path}`, {
      method,
      headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const json = (await answer.json()) as { id: string };
    if (!answer.ok) throw new Error(`demo data: ${method} ${path} answered ${answer.status} ${JSON.stringify(json)}`);
    return json;
  };
}

const line = (description: string, quantity: number, unitPrice: string) => ({
  description,
  quantity,
  unit_price: unitPrice,
  tax_rate: '20',
});

/** Seeds the demo organization; answers the invoice ids by status. */
export async function seedDemoInvoices(apiBaseUrl: string, apiKey: string): Promise<Record<InvoiceStatus, string>> {
  const call = caller(apiBaseUrl, apiKey);
  const northwind = await call('POST', 'clients/', {
    name: 'Northwind Traders',
    email: 'ap@northwind.example',
    address: '12 Harbour Road',
    city: 'Bristol',
    postal_code: 'BS1 4DJ',
    country: 'GB',
  });
  const globex = await call('POST', 'clients/', {
    name: 'Globex GmbH',
    email: 'rechnung@globex.example',
    city: 'Berlin',
    postal_code: '10115',
    country: 'DE',
    locale: 'de-DE',
  });
  const invoice = (client: string, lines: ReturnType<typeof line>[], dates = {}) =>
    call('POST', 'invoices/', { client, line_items: lines, ...dates });
  const send = (id: string) => call('POST', `invoices/${id}/send/`, {});
  const pay = (id: string, amount: string) =>
    call('POST', `invoices/${id}/payments/`, { amount, method: 'bank_transfer' });

  const draft = await invoice(northwind.id, [line('Design workshop', 2, '450.00')]);
  const sent = await invoice(globex.id, [line('Beratung', 8, '120.00'), line('Reisekosten', 1, '86.40')]);
  await send(sent.id);
  const partiallyPaid = await invoice(northwind.id, [line('Website retainer', 1, '1200.00')]);
  await send(partiallyPaid.id);
  await pay(partiallyPaid.id, '500.00');
  const paid = await invoice(globex.id, [line('Lizenz', 3, '99.00')]);
  await send(paid.id);
  await pay(paid.id, (3 * 99 * 1.2).toFixed(2));
  // Issued and due in the past: the overdue sweeper marks it on its first run.
  const overdue = await invoice(northwind.id, [line('Photography', 1, '640.00')], {
    issue_date: '2026-01-05',
    due_date: '2026-02-04',
  });
  await send(overdue.id);
  const credited = await invoice(globex.id, [line('Schulung', 1, '300.00')]);
  await send(credited.id);
  await call('POST', `invoices/${credited.id}/credit-notes/`, {
    lines: [{ line: 0, quantity: 1 }],
    reason: 'order_change',
    memo: 'Schulung abgesagt',
  });
  const voided = await invoice(northwind.id, [line('Duplicate entry', 1, '10.00')]);
  await send(voided.id);
  await call('POST', `invoices/${voided.id}/void/`);
  const ids = {
    draft: draft.id,
    sent: sent.id,
    partially_paid: partiallyPaid.id,
    paid: paid.id,
    overdue: overdue.id,
    credited: credited.id,
    void: voided.id,
  };
  return Object.fromEntries(INVOICE_STATUSES.map((status) => [status, ids[status]])) as Record<InvoiceStatus, string>;
}
