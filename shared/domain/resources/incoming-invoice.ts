// How a received e-invoice looks in responses and events: what it claims and what the checks said,
// its summary (for lists), the view where the reading is at hand, and where to get the original.
import type { IncomingInvoice, IncomingRead } from '#shared/domain/incoming-invoice';

/** The document as GET answers it; `read` null (lists, or a reading too large for an event) leaves `view` and `validation` null. */
export const incomingInvoiceResource = (invoice: IncomingInvoice, read: IncomingRead | null, publicBaseUrl: string) => {
  const path = `${publicBaseUrl}/api/v1/incoming-invoices/${invoice.id}`;
  return {
    id: invoice.id,
    status: invoice.status,
    status_reason: invoice.status_reason ?? null,
    misaddressed: invoice.misaddressed,
    source: invoice.source,
    syntax: invoice.syntax,
    container: invoice.container,
    profile: invoice.profile,
    specification_id: invoice.specification_id,
    business_process: invoice.business_process,
    document_type: invoice.summary.document_type,
    type_code: invoice.summary.type_code,
    number: invoice.summary.number,
    issue_date: invoice.summary.issue_date,
    due_date: invoice.summary.due_date,
    currency: invoice.summary.currency,
    total_amount: invoice.summary.total_amount,
    amount_due: invoice.summary.amount_due,
    seller: invoice.summary.seller,
    buyer: invoice.summary.buyer,
    passed: invoice.summary.passed,
    fatal_rules: invoice.summary.fatal_rules,
    validation: read?.validation ?? null,
    view: read?.view ?? null,
    original: {
      file_name: invoice.original.file_name,
      media_type: invoice.original.media_type,
      size: invoice.original.size,
      sha256: invoice.original.sha256,
      url: `${path}/original/`,
    },
    attachments: invoice.attachments.map((attachment, index) => ({
      id: attachment.id,
      reference: read?.view.attachments[index]?.reference ?? null,
      file_name: read?.view.attachments[index]?.file_name ?? null,
      media_type: attachment.file?.media_type ?? null,
      size: attachment.file?.size ?? null,
      sha256: attachment.file?.sha256 ?? null,
      external_url: read?.view.attachments[index]?.external_url ?? null,
      url: attachment.file ? `${path}/attachments/${attachment.id}/` : null,
    })),
    received_at: invoice.received_at,
    decided_at: invoice.decided_at ?? null,
    responses: invoice.responses ?? [],
    updated_at: invoice.updated_at,
  };
};
