// The supplier of a document received over Peppol is answered with a Peppol BIS Invoice Response for
// each status the document takes (docs/incoming-invoices.md "Answering the supplier"): the status's
// event, on the Peppol queue, becomes the response (shared/domain/invoice-response.ts), drawn by the
// document renderer and sent through the access point on the received message, once per code (the
// response's id is its idempotency key); what became of it is kept on the document.
import { commitItem, existing, RACED, readDecideCommit, unconditional } from '#shared/data/change';
import { getIncomingInvoice, incomingInvoicePart } from '#shared/data/incoming-invoices';
import { getOrganization } from '#shared/data/organizations';
import type { CorrelatedDb } from '#shared/data/table';
import type { DocumentRenderer } from '#shared/documents/renderer';
import type { OutboxEvent } from '#shared/domain/events';
import type { IncomingInvoice } from '#shared/domain/incoming-invoice';
import { ANSWERED_EVENTS, invoiceResponseOf, RESPONSE_CODES, type SentResponse } from '#shared/domain/invoice-response';
import type { PeppolGateway } from '#shared/peppol/gateway';

export type AnswerDeps = { db: CorrelatedDb; renderer: DocumentRenderer; peppol: Pick<PeppolGateway, 'respond'> };

export const answersSupplier = (type: string) => type in ANSWERED_EVENTS;

export type Answered = 'sent' | 'failed' | 'not_sent' | 'already' | 'not_peppol';

/** Keeps what became of the response on the document, in the one read-decide-commit frame. */
async function kept(db: CorrelatedDb, organizationId: string, id: string, sent: SentResponse) {
  await readDecideCommit({
    subject: { resource: 'incoming_invoice', id },
    read: () => existing(getIncomingInvoice(db, organizationId, id), 'Incoming invoice'),
    decide: (invoice: IncomingInvoice) => {
      const others = (invoice.responses ?? []).filter((response) => response.code !== sent.code);
      return { ...invoice, responses: [...others, sent], version: invoice.version + 1 };
    },
    commit: async (changed, read) => {
      const item = [incomingInvoicePart(db, organizationId, changed, read.version)];
      const written = await commitItem(db, organizationId, { item, events: [], object: {} });
      return unconditional(written) === RACED ? RACED : changed;
    },
  });
}

export async function answerSupplier(deps: AnswerDeps, event: OutboxEvent): Promise<Answered> {
  const status = ANSWERED_EVENTS[event.type]!;
  const object = event.data.object as { id: string; source?: { channel?: string }; status_reason?: string | null };
  if (object.source?.channel !== 'peppol') return 'not_peppol';
  const { db } = deps;
  const organizationId = event.organization_id;
  const invoice = await existing(getIncomingInvoice(db, organizationId, object.id), 'Incoming invoice');
  const code = RESPONSE_CODES[status];
  if (invoice.responses?.some((response) => response.code === code && response.status === 'sent')) return 'already';
  if (invoice.source.channel !== 'peppol') return 'not_peppol';
  const organization = (await getOrganization(db, organizationId))!;
  const now = new Date().toISOString();
  const answered = { ...invoice, status, ...(object.status_reason ? { status_reason: object.status_reason } : {}) };
  const response = invoiceResponseOf(answered, organization, now.slice(0, 10));
  const record = (sent: Omit<SentResponse, 'code' | 'at'>) =>
    kept(db, organizationId, invoice.id, { code, ...sent, at: now });
  if ('missing' in response) {
    await record({
      status: 'not_sent',
      transmission_id: null,
      reason: `the document has no ${response.missing.replaceAll('_', ' ')}`,
    });
    return 'not_sent';
  }
  const file = await deps.renderer.render({ kind: 'invoice-response', response });
  const xml = typeof file.content === 'string' ? file.content : Buffer.from(file.content).toString('utf8');
  const result = await deps.peppol.respond({
    response,
    xml,
    inReplyTo: invoice.source.message_id,
    idempotencyKey: response.id,
    country: organization.address?.country ?? '',
  });
  if (result.outcome === 'accepted') {
    await record({ status: 'sent', transmission_id: result.transmissionId, reason: null });
    return 'sent';
  }
  await record({ status: 'failed', transmission_id: null, reason: result.reason });
  return 'failed';
}
