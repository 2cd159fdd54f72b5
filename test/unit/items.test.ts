import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { entityOf, invoiceItem, invoiceOf, tenantEntityOf } from '#shared/data/items';
import { TABLE_DEFINITION } from '#shared/data/table-definition';
import { randomInvoice } from '#test/support/random-documents';

const entity = { id: 'inv_1', status: 'draft', total_minor: 1500, lines: [{ description: 'Work' }], note: null };
// An item carrying every attribute the table gives meaning to, each index's keys read from its definition:
// an index added there must be dropped by the codecs too.
const storedItem = (extra: Record<string, unknown> = {}) => ({
  pk: 'ORG#org_1',
  sk: 'INVOICE#inv_1',
  type: 'invoice',
  ttl: 1_800_000_000,
  ...Object.fromEntries(
    TABLE_DEFINITION.indexes.flatMap((index) => [
      [index.partitionKey, 'p'],
      [index.sortKey, 's'],
    ]),
  ),
  ...entity,
  ...extra,
});

describe('entity codecs', () => {
  it('read back exactly the entity: key, index keys, type and ttl dropped', () => {
    expect(entityOf(storedItem())).toEqual(entity);
  });

  it("drop the organization's id stored beside a tenant's entity, and keep it where it belongs to one", () => {
    expect(tenantEntityOf(storedItem({ organization_id: 'org_1' }))).toEqual(entity);
    expect(entityOf(storedItem({ organization_id: 'org_1' }))).toEqual({ ...entity, organization_id: 'org_1' });
  });

  it('give back the invoice an item was written from, whatever index keys its status and client give it', () => {
    fc.assert(
      fc.property(randomInvoice, (invoice) => {
        expect(invoiceOf(structuredClone(invoiceItem('org_1', invoice)))).toEqual(invoice);
      }),
      { numRuns: 50 },
    );
  });

  it('keep attributes the entity has and the item lacks storage for, taking the read item over', () => {
    const item = { pk: 'ORG#1', sk: 'INVOICE#1', ...entity };
    const read = entityOf(item);
    expect(read).toEqual(entity);
    // Repositories read each item once: the entity is the item itself, with no copy made.
    expect(read).toBe(item);
  });
});
