// Recurring invoice templates. While active a template carries the sharded "due" index key of its
// next run; generating period k is one transaction with the invoice (see createInvoice's origin),
// conditional on the template still expecting period k — so no period is generated twice.
import { GetCommand, PutCommand, QueryCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { recurringInvoiceResource } from '#shared/resources/recurring-invoice';
import { outboxPut } from '#shared/data/events';
import { newId } from '#shared/domain/ids';
import { periodDate, type Schedule } from '#shared/domain/recurrence';
import type { Db } from '#shared/data/client';
import { organizationPartition, RECURRING_PREFIX, recurringDueKeys, recurringKey } from '#shared/data/keys';

export type RecurringLine = { description: string; quantity: string; unit_price: string; tax_rate: string };

export type RecurringInvoice = Schedule & {
  id: string;
  organization_id: string;
  client_id: string;
  line_items: RecurringLine[];
  due_in_days: number;
  currency?: string;
  notes?: string;
  terms?: string;
  auto_send: boolean;
  send_to?: string;
  status: 'active' | 'paused' | 'ended';
  next_index: number;
  next_run_date?: string;
  last_run_date?: string;
  generated_count: number;
  created_at: string;
  updated_at: string;
};

export const recurringItem = (template: RecurringInvoice) => ({
  ...recurringKey(template.organization_id, template.id),
  type: 'recurring_invoice',
  ...template,
  ...(template.status === 'active' && template.next_run_date
    ? recurringDueKeys(template.organization_id, template.id, template.next_run_date)
    : {}),
});
const templateOf = ({ pk: _pk, sk: _sk, type: _type, gsi4pk: _a, gsi4sk: _b, ...rest }: Record<string, unknown>) =>
  rest as RecurringInvoice;

export async function createRecurringInvoice(
  db: Db,
  organizationId: string,
  input: Omit<
    RecurringInvoice,
    | 'id'
    | 'organization_id'
    | 'status'
    | 'next_index'
    | 'next_run_date'
    | 'generated_count'
    | 'created_at'
    | 'updated_at'
  >,
  now = new Date(),
): Promise<RecurringInvoice> {
  const first = periodDate(input, 0);
  const template: RecurringInvoice = {
    ...input,
    id: newId('rec', now.getTime()),
    organization_id: organizationId,
    status: first ? 'active' : 'ended',
    next_index: 0,
    next_run_date: first,
    generated_count: 0,
    created_at: now.toISOString(),
    updated_at: now.toISOString(),
  };
  await db.client.send(
    new TransactWriteCommand({
      TransactItems: [
        {
          Put: { TableName: db.table, Item: recurringItem(template), ConditionExpression: 'attribute_not_exists(pk)' },
        },
        outboxPut(db.table, organizationId, 'recurring_invoice.created', recurringInvoiceResource(template), now),
      ],
    }),
  );
  return template;
}

export async function getRecurringInvoice(
  db: Db,
  organizationId: string,
  recurringId: string,
): Promise<RecurringInvoice | undefined> {
  const { Item } = await db.client.send(
    new GetCommand({ TableName: db.table, Key: recurringKey(organizationId, recurringId), ConsistentRead: true }),
  );
  return Item ? templateOf(Item) : undefined;
}

export async function listRecurringInvoices(db: Db, organizationId: string): Promise<RecurringInvoice[]> {
  const { Items = [] } = await db.client.send(
    new QueryCommand({
      TableName: db.table,
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      ExpressionAttributeValues: { ':pk': organizationPartition(organizationId), ':prefix': RECURRING_PREFIX },
    }),
  );
  return Items.map(templateOf);
}

/** Writes a template's new state if nobody moved it meanwhile (same next period, same status). */
export async function saveRecurringInvoice(
  db: Db,
  current: RecurringInvoice,
  next: RecurringInvoice,
  now = new Date(),
): Promise<RecurringInvoice> {
  const saved = { ...next, updated_at: now.toISOString() };
  await db.client.send(
    new PutCommand({
      TableName: db.table,
      Item: recurringItem(saved),
      ConditionExpression: 'next_index = :index AND #status = :status',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: { ':index': current.next_index, ':status': current.status },
    }),
  );
  return saved;
}

/** The template after period `index` was generated. */
export function advanced(template: RecurringInvoice, index: number, runDate: string): RecurringInvoice {
  const next = periodDate(template, index + 1);
  return {
    ...template,
    next_index: index + 1,
    next_run_date: next,
    last_run_date: runDate,
    generated_count: template.generated_count + 1,
    status: next ? template.status : 'ended',
  };
}
