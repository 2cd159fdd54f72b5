// Where a new document's numbers come from: allocated one per attempt (an API request), or handed out
// of a block reserved in one request for a batch (a recurring run), whose unused rest goes back to the
// counter when nobody allocated after it — else it is voided, so the series stays gapless either way.
import { allocateNumbers, type Allocated, returnNumbers, voidNumber } from '#shared/data/number-series';
import type { Db } from '#shared/data/table';
import type { NumberingFormat, SeriesName } from '#shared/domain/numbering';

export type Numbers = {
  take(series: SeriesName): Promise<Allocated>;
  /**
   * A number the document's write left unclaimed: voided with `reason`, unless `reusable` (the write
   * certainly failed and the number prints as before) and the source can give it to the next document.
   */
  unclaimed(allocated: Allocated, reason: string, reusable: boolean): Promise<void>;
};

type Format = Pick<NumberingFormat, 'pattern' | 'padding'>;

/** One number allocated per attempt; one the write did not claim is voided. */
export const oneAtATime = (db: Db, organizationId: string, format: Format, now: Date): Numbers => ({
  take: async (series) => (await allocateNumbers(db, organizationId, series, format, 1, now))[0]!,
  unclaimed: async (allocated, reason) => {
    await voidNumber(db, organizationId, allocated, reason, now);
  },
});

/** Blocks of numbers reserved per series ahead of a batch; beyond a block, one at a time. */
export class NumberPool implements Numbers {
  private readonly free = new Map<SeriesName, Allocated[]>();

  constructor(
    private readonly db: Db,
    private readonly organizationId: string,
    private readonly format: Format,
    private readonly now: Date,
  ) {}

  /** Reserves `count` more numbers of the series in one request. */
  async reserve(series: SeriesName, count: number): Promise<void> {
    if (count <= 0) return;
    const block = await allocateNumbers(this.db, this.organizationId, series, this.format, count, this.now);
    this.free.set(series, [...(this.free.get(series) ?? []), ...block]);
  }

  async take(series: SeriesName): Promise<Allocated> {
    return (
      this.free.get(series)?.shift() ??
      (await allocateNumbers(this.db, this.organizationId, series, this.format, 1, this.now))[0]!
    );
  }

  async unclaimed(allocated: Allocated, reason: string, reusable: boolean): Promise<void> {
    // Taken from the front, given back to the front: the free numbers stay in order.
    if (reusable) this.free.set(allocated.series, [allocated, ...(this.free.get(allocated.series) ?? [])]);
    else await voidNumber(this.db, this.organizationId, allocated, reason, this.now);
  }

  /**
   * Hands back what the batch did not use: its last consecutive run to the counter if those are still
   * the series' highest numbers; whatever cannot go back is voided.
   */
  async release(reason: string): Promise<void> {
    for (const [series, rest] of this.free) {
      this.free.delete(series);
      if (rest.length === 0) continue;
      let start = rest.length - 1;
      while (start > 0 && rest[start - 1]!.number === rest[start]!.number - 1) start--;
      const returned = await returnNumbers(this.db, this.organizationId, rest[start]!, rest.at(-1)!);
      for (const allocated of returned ? rest.slice(0, start) : rest)
        await voidNumber(this.db, this.organizationId, allocated, reason, this.now);
    }
  }
}
