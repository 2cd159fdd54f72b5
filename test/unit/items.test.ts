import { describe, expect, it } from 'vitest';
import { entityOf, tenantEntityOf } from '#shared/data/items';
import { TABLE_DEFINITION } from '#shared/data/table-definition';

// Every attribute the table itself gives meaning to, read from its definition: an index added there
// and not to the codecs leaves its keys in entities, and this fails.
const storageAttributes = [
  TABLE_DEFINITION.partitionKey,
  TABLE_DEFINITION.sortKey,
  TABLE_DEFINITION.ttlAttribute,
  'type',
  ...TABLE_DEFINITION.indexes.flatMap((index) => [index.partitionKey, index.sortKey]),
];

const entity = { id: 'inv_1', status: 'draft', total_minor: 1500, lines: [{ description: 'Work' }], note: null };
const storedItem = (extra: Record<string, unknown> = {}) => ({
  ...Object.fromEntries(storageAttributes.map((name) => [name, `stored ${name}`])),
  ...entity,
  ...extra,
});

describe('entity codecs', () => {
  it('read back exactly the entity: every storage attribute of the table definition dropped', () => {
    const read = entityOf<Record<string, unknown>>(storedItem());
    expect(read).toEqual(entity);
    for (const name of storageAttributes) expect(read).not.toHaveProperty(name);
  });

  it("drop the organization's id stored beside a tenant's entity, and keep it where it belongs to one", () => {
    expect(tenantEntityOf(storedItem({ organization_id: 'org_1' }))).toEqual(entity);
    expect(entityOf(storedItem({ organization_id: 'org_1' }))).toEqual({ ...entity, organization_id: 'org_1' });
  });

  it('keep attributes the entity has and the item lacks storage for, taking the read item over', () => {
    const item = { pk: 'ORG#1', sk: 'INVOICE#1', ...entity };
    const read = entityOf(item);
    expect(read).toEqual(entity);
    // Repositories read each item once: the entity is the item itself, with no copy made.
    expect(read).toBe(item);
  });
});
