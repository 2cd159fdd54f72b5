import type { CorrelatedDb } from '#shared/data/table';

/** What every invoicing operation needs: the table, and the base of the links its events carry. */
export type InvoicingDeps = { db: CorrelatedDb; publicBaseUrl: string };
