// Races made to order: a table handle whose transactions each let a bookkeeping write land first
// (between a change's read and its commit), and delivery reports to be that bookkeeping.
import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import type { CorrelatedDb } from '#shared/data/table';
import type { DeliveryStatus } from '#shared/domain/email-delivery';
import { recordEmailStatus } from '#shared/invoicing/record-email-status';
import { recordSending } from '#shared/invoicing/record-sending';
import { call, db, newTenant } from '#test/support/api';
import { austrianSeller, frenchBuyer } from '#test/support/eu-invoice';

export const BASE_URL = 'http://invoices.test';

/** Whether a transaction writes or checks the item whose id is `id`. */
function touches(command: TransactWriteCommand, id: string) {
  return (command.input.TransactItems ?? []).some((item) => {
    const part = item.Put ?? item.Update ?? item.Delete ?? item.ConditionCheck;
    const key = (part && ('Item' in part ? part.Item : part.Key)) as { sk?: unknown } | undefined;
    return typeof key?.sk === 'string' && key.sk.endsWith(`#${id}`);
  });
}

/**
 * `db`, but before each of its first `times` transactions on item `id` `meanwhile` runs to its end:
 * every one of those commits finds the item changed since it was read. `writes` counts them.
 */
export function interleaved(
  id: string,
  meanwhile: (turn: number) => Promise<unknown>,
  times = Number.POSITIVE_INFINITY,
) {
  const counter = { writes: 0 };
  const client = new Proxy(db.client, {
    get(target, property, receiver) {
      if (property !== 'send') return Reflect.get(target, property, receiver);
      return async (command: unknown, ...rest: unknown[]) => {
        if (command instanceof TransactWriteCommand && touches(command, id)) {
          counter.writes += 1;
          if (counter.writes <= times) await meanwhile(counter.writes);
        }
        return (target.send as (...args: unknown[]) => Promise<unknown>)(command, ...rest);
      };
    },
  });
  return { db: { ...db, client } as CorrelatedDb, counter };
}

/** Adds `count` sendings to an issued invoice, each with a message id of its own to report on. */
export async function sendings(organizationId: string, invoiceId: string, count: number, to = 'k@kunde.example') {
  const ids: string[] = [];
  for (let n = 0; n < count; n++) {
    const messageId = `race-${invoiceId}-${n}-${Math.random().toString(36).slice(2)}`;
    await recordSending({ db, publicBaseUrl: BASE_URL }, organizationId, invoiceId, {
      to,
      sent_at: new Date().toISOString(),
      message_id: messageId,
    });
    ids.push(messageId);
  }
  return ids;
}

/** The mail service's report on one message of a document: bookkeeping, written as the worker writes it. */
export const report = (
  organizationId: string,
  document: { kind: 'invoice' | 'quote' | 'credit_note'; id: string },
  messageId: string,
  to = 'k@kunde.example',
  status: DeliveryStatus = 'delivered',
) =>
  recordEmailStatus({ db, publicBaseUrl: BASE_URL }, { organizationId, document }, [
    { messageId, recipient: to, status, at: new Date().toISOString() },
  ]);

/** An organization that charges late fees (10 % a year, no compensation), and its client. */
export async function lateFeeTenant(name: string) {
  const tenant = await newTenant(name);
  const policy = { interest: { basis: 'fixed', rate: '10.00' }, compensation: null };
  const set = await call('update-organization', {
    token: tenant.ownerToken,
    body: { ...austrianSeller, default_currency: 'EUR', late_fee_policy: policy },
  });
  if (set.status !== 200) throw new Error(set.text);
  const clientId = (await call('create-client', { token: tenant.apiKey, body: frenchBuyer })).json.id as string;
  return { tenant, clientId };
}

/** The late fees charged on invoice `id`. */
export const feesOf = async (apiKey: string, id: string) =>
  (await call('list-invoices', { token: apiKey, query: { limit: '100' } })).json.results.filter(
    (invoice: { preceding_invoice?: { id: string } }) => invoice.preceding_invoice?.id === id,
  ) as { id: string }[];
