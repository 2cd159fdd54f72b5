// Pages of a list, whether the table pages it (a Query's position) or it is held whole (an item's
// array, a team): every list answers `limit` items from a position its signed cursor carries.

/** Where a page starts (the position the cursor of the page before carried) and how long it is. */
export type PageRequest = { limit: number; startKey?: Record<string, unknown> };

/** A page's items and the position after them; none when the list is done. */
export type ItemPage<T> = { items: T[]; position?: Record<string, unknown> };

/**
 * A page of a list held whole, in its order: the position is the key of the last item given, not an
 * offset, so an item removed meanwhile makes the next page skip nothing. Keys must rise with the order.
 */
export function pageOfHeld<T>(items: readonly T[], keyOf: (item: T, index: number) => string, page: PageRequest) {
  const after = typeof page.startKey?.after === 'string' ? page.startKey.after : undefined;
  const keyed = items.map((item, index) => ({ item, key: keyOf(item, index) }));
  const rest = after === undefined ? keyed : keyed.filter(({ key }) => key > after);
  const taken = rest.slice(0, page.limit);
  const last = taken.at(-1);
  const result: ItemPage<T> = { items: taken.map(({ item }) => item) };
  if (last && rest.length > taken.length) result.position = { after: last.key };
  return result;
}
