// A process that issues a credit note and dies (exit 137, as a killed Lambda) at the archive's first
// write: between the transaction that issued it and the write of its files (test/integration/archive.test.ts).
import { createCreditNote } from '#shared/invoicing/create-credit-note';
import { configuredDocumentFiles } from '#shared/archive/document-file';
import { correlated, createDb } from '#shared/data/table';
import { systemActor } from '#shared/domain/actor';
import { createCreditNoteBody, newCreditNoteOf } from '#shared/http/schemas/credit-notes';
import * as z from 'zod/mini';

const [organizationId, invoiceId] = process.argv.slice(2) as [string, string];
const files = configuredDocumentFiles();
const db = correlated(createDb(process.env.TABLE_NAME!), undefined, systemActor('crash-test'));
const dying = {
  ...files.archive,
  put: async () => {
    process.stdout.write('killed at the archive write\n');
    process.exit(137);
  },
};
const body = z.parse(createCreditNoteBody, { lines: [{ line: 0, quantity: 1 }], reason: 'order_change' });
await createCreditNote({ ...files, db, archive: dying }, organizationId, invoiceId, newCreditNoteOf(body));
process.stdout.write('the archive was never written\n');
