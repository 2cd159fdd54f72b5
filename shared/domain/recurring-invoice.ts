// A recurring invoice template: what to bill, to whom, and on which schedule.
import type { Metadata } from '#shared/domain/metadata';
import { lineText, priceInvoice, type LineItemInput, type LineText } from '#shared/domain/invoice';
import { periodDate, type Schedule } from '#shared/domain/recurrence';

export type RecurringLine = LineText;

/** A template's lines, checked by pricing them once as an invoice would be, stored as their inputs. */
export const recurringLines = (lines: LineItemInput[]): RecurringLine[] => priceInvoice(lines).line_items.map(lineText);

export type RecurringInvoice = Schedule & {
  id: string;
  organization_id: string;
  client_id: string;
  line_items: RecurringLine[];
  due_in_days: number;
  currency?: string;
  notes?: string;
  terms?: string;
  /** Given to every invoice it generates (BT-10, BT-13): a public buyer's Leitweg-ID stays the same. */
  buyer_reference?: string;
  purchase_order?: string;
  auto_send: boolean;
  send_to?: string;
  status: 'active' | 'paused' | 'ended';
  next_index: number;
  next_run_date?: string;
  last_run_date?: string;
  generated_count: number;
  created_at: string;
  updated_at: string;
  /** Copied to every invoice it generates from then on (shared/domain/metadata.ts). */
  metadata?: Metadata;
  /** Moved on by every change of the template's own (absent: 0); the runner's periods are checked by next_index. */
  version?: number;
};

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
