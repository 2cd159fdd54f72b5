import type { RecurringInvoice } from '#shared/domain/recurring-invoice';

export const recurringInvoiceResource = (template: RecurringInvoice) => ({
  id: template.id,
  client: template.client_id,
  frequency: template.frequency,
  interval: template.interval,
  start_date: template.start_date,
  end_date: template.end_date ?? null,
  max_count: template.max_count ?? null,
  day_of_month: template.day_of_month ?? null,
  due_in_days: template.due_in_days,
  currency: template.currency ?? null,
  line_items: template.line_items.map((line) => ({ ...line, quantity: Number(line.quantity) })),
  notes: template.notes ?? '',
  terms: template.terms ?? '',
  auto_send: template.auto_send,
  send_to: template.send_to ?? null,
  status: template.status,
  next_run_date: template.status === 'active' ? (template.next_run_date ?? null) : null,
  last_run_date: template.last_run_date ?? null,
  generated_count: template.generated_count,
  created_at: template.created_at,
});
