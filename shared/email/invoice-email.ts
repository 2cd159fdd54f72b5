// The invoice e-mail: a plain-text and an HTML part with the essentials and links, and the PDF
// attached, built as MIME by nodemailer's composer (never by hand).
import MailComposer from 'nodemailer/lib/mail-composer';

export type InvoiceEmail = {
  from: string;
  to: string;
  organization: string;
  invoice: {
    invoice_number: string;
    amount_due: string;
    currency: string;
    due_date: string;
    public_url: string;
    pdf_url: string;
  };
  reminder: boolean;
  pdf: Uint8Array;
};

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

export async function composeInvoiceEmail(email: InvoiceEmail): Promise<Buffer> {
  const { invoice, organization } = email;
  const subject = `${email.reminder ? 'Reminder: ' : ''}Invoice ${invoice.invoice_number} from ${organization}`;
  const facts = [
    ['Invoice', invoice.invoice_number],
    ['Amount due', `${invoice.amount_due} ${invoice.currency}`],
    ['Due date', invoice.due_date],
  ];
  const text = [
    `${organization} has sent you invoice ${invoice.invoice_number}.`,
    '',
    ...facts.map(([label, value]) => `${label}: ${value}`),
    '',
    `View and pay it online: ${invoice.public_url}`,
    `Download the PDF: ${invoice.pdf_url}`,
  ].join('\n');
  const factRows = facts
    .map(([label, value]) => `<tr><th align="left">${escapeHtml(label!)}</th><td>${escapeHtml(value!)}</td></tr>`)
    .join('');
  const html = `<!doctype html><html lang="en"><body style="font-family: sans-serif; color: #1a1a1a">
<p>${escapeHtml(organization)} has sent you invoice <strong>${escapeHtml(invoice.invoice_number)}</strong>.</p>
<table role="presentation">${factRows}</table>
<p><a href="${escapeHtml(invoice.public_url)}">View and pay the invoice online</a></p>
<p><a href="${escapeHtml(invoice.pdf_url)}">Download the PDF</a></p>
</body></html>`;
  return new MailComposer({
    from: email.from,
    to: email.to,
    subject,
    text,
    html,
    attachments: [
      { filename: `${invoice.invoice_number}.pdf`, content: Buffer.from(email.pdf), contentType: 'application/pdf' },
    ],
  })
    .compile()
    .build();
}
