// The text of an export file, produced as it is read: CSV (UTF-8 with a byte order mark, so
// spreadsheets read accents right) or a DATEV booking batch. Nothing is held but the current page.
import {
  creditNotesIssued,
  invoicesIssued,
  paymentsBetween,
  clientsCreatedBetween,
  type Source,
} from '#shared/data/export-sources';
import { invoicesWithIds } from '#shared/data/invoices';
import type { Db } from '#shared/data/table';
import { csvRecord } from '#shared/domain/csv';
import { datevBookings, datevHead } from '#shared/domain/datev';
import type { DatevSettings } from '#shared/domain/datev-settings';
import { addDays, startOfDayIn } from '#shared/domain/dates';
import type { ExportJob } from '#shared/domain/export';
import { CSV_LAYOUT, type ExportedPayment } from '#shared/domain/export-rows';
import { taxBreakdownOf, type Invoice } from '#shared/domain/invoice';
import { accountingCurrencyOf, timeZoneOf, type Organization } from '#shared/domain/organization';

/** The file's text in pieces, and how many rows (documents, payments, clients) it will hold. */
export type ExportText = { total: () => Promise<number>; chunks: (onRow: () => void) => AsyncGenerator<string> };

const BOM = '\uFEFF';

export function exportText(db: Db, organizationId: string, organization: Organization, job: ExportJob): ExportText {
  const zone = timeZoneOf(organization);
  const start = startOfDayIn(zone, job.from);
  const end = startOfDayIn(zone, addDays(job.to, 1));
  if (job.format === 'datev') return datevText(db, organizationId, organization, job);
  const csv = <T>(source: Source<T>, row: (item: T) => string): ExportText => ({
    total: source.count,
    async *chunks(onRow: () => void) {
      yield BOM + csvRecord(CSV_LAYOUT[job.kind].columns);
      for await (const item of source.items()) {
        onRow();
        yield row(item);
      }
    },
  });
  switch (job.kind) {
    case 'archive':
      throw new Error('the archive is exported as its files, a ZIP (shared/exports/archive-zip.ts)');
    case 'invoices':
      return csv(invoicesIssued(db, organizationId, job.from, job.to, job.include_drafts), (invoice) =>
        csvRecord(CSV_LAYOUT.invoices.row(invoice)),
      );
    case 'credit_notes':
      return csv(creditNotesIssued(db, organizationId, job.from, job.to), (note) =>
        csvRecord(CSV_LAYOUT.credit_notes.row(note)),
      );
    case 'clients':
      return csv(clientsCreatedBetween(db, organizationId, start, end), (client) =>
        csvRecord(CSV_LAYOUT.clients.row(client)),
      );
    case 'payments': {
      const payments = paymentsBetween(db, organizationId, start, end);
      return {
        total: payments.count,
        async *chunks(onRow: () => void) {
          yield BOM + csvRecord(CSV_LAYOUT.payments.columns);
          for await (const page of inPages(payments.items(), 100)) {
            // The invoice numbers of a page of payments, in one read.
            const numbers = new Map(
              (await invoicesWithIds(db, organizationId, [...new Set(page.map((payment) => payment.invoice_id))])).map(
                (invoice: Invoice) => [invoice.id, invoice.invoice_number],
              ),
            );
            for (const payment of page) {
              onRow();
              const exported: ExportedPayment = { ...payment, invoice_number: numbers.get(payment.invoice_id) ?? '' };
              yield csvRecord(CSV_LAYOUT.payments.row(exported));
            }
          }
        },
      };
    }
  }
}

/** Items in pages of `size`, the last one shorter. */
export async function* inPages<T>(items: AsyncGenerator<T>, size: number): AsyncGenerator<T[]> {
  let page: T[] = [];
  for await (const item of items) {
    page.push(item);
    if (page.length === size) {
      yield page;
      page = [];
    }
  }
  if (page.length > 0) yield page;
}

/**
 * A DATEV batch of the period: the invoices issued in it (neither drafts nor void), then its credit
 * notes booked the other way round; a credit-note export books the credit notes alone.
 */
function datevText(db: Db, organizationId: string, organization: Organization, job: ExportJob): ExportText {
  const settings = organization.datev as DatevSettings;
  const invoices = job.kind === 'invoices' ? invoicesIssued(db, organizationId, job.from, job.to, false) : undefined;
  const notes = creditNotesIssued(db, organizationId, job.from, job.to);
  return {
    total: async () => (invoices ? await invoices.count() : 0) + (await notes.count()),
    async *chunks(onRow: () => void) {
      const label = `${job.kind === 'invoices' ? 'Rechnungen' : 'Gutschriften'} ${job.from}–${job.to}`;
      const batch = {
        from: job.from,
        to: job.to,
        label,
        createdAt: new Date(),
        currency: accountingCurrencyOf(organization),
      };
      yield datevHead(settings, batch);
      if (invoices)
        for await (const invoice of invoices.items()) {
          onRow();
          if (invoice.status === 'void') continue;
          yield datevBookings(
            settings,
            { ...invoice, number: invoice.invoice_number, tax_breakdown: taxBreakdownOf(invoice) },
            'invoice',
          );
        }
      for await (const note of notes.items()) {
        onRow();
        yield datevBookings(settings, { ...note, number: note.credit_note_number }, 'credit_note');
      }
    },
  };
}
