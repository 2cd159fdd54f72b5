// Floor and subject measured in turns (F S F S …, after warm-up pairs): a slow spell of the machine
// lands on both halves of a pair, so the median of the pairs' ratios is steadier than a ratio of
// medians taken one after the other. The spread is the interquartile range of the pairs' ratios.

export type Interleaved = {
  floor: number;
  subject: number;
  /** Median of subject / floor over the pairs. */
  ratio: number;
  /** 25th and 75th percentile of the pairs' ratios. */
  spread: [number, number];
  pairs: number;
};

const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (sorted.length - 1) * q;
  const low = Math.floor(at);
  return sorted[low]! + (sorted[Math.ceil(at)]! - sorted[low]!) * (at - low);
};

export const median = (values: number[]) => quantile(values, 0.5);

/** One measurement per run of floor and subject, `pairs` pairs after `warmup`. */
export async function interleaved(
  floor: () => number | Promise<number>,
  subject: () => number | Promise<number>,
  options: { pairs?: number; warmup?: number } = {},
): Promise<Interleaved> {
  const one = async (run: () => number | Promise<number>) => ({ value: await run() });
  return (
    await interleavedMany(
      () => one(floor),
      () => one(subject),
      options,
    )
  ).value;
}

/** Several measurements of one run at once (a cold process gives its wall time and its import time). */
export async function interleavedMany<K extends string>(
  floor: () => Record<K, number> | Promise<Record<K, number>>,
  subject: () => Record<K, number> | Promise<Record<K, number>>,
  { pairs = 15, warmup = 1 } = {},
): Promise<Record<K, Interleaved>> {
  const taken: { floor: Record<K, number>; subject: Record<K, number> }[] = [];
  for (let pair = 0; pair < warmup + pairs; pair++) {
    const run = { floor: await floor(), subject: await subject() };
    if (pair >= warmup) taken.push(run);
  }
  const keys = Object.keys(taken[0]!.floor) as K[];
  return Object.fromEntries(
    keys.map((key) => [
      key,
      summarize(
        taken.map((run) => run.floor[key]),
        taken.map((run) => run.subject[key]),
      ),
    ]),
  ) as Record<K, Interleaved>;
}

/** Medians and the pairs' ratio of measurements taken in turns: `floor[i]` and `subject[i]` are one pair. */
export function summarize(floor: number[], subject: number[]): Interleaved {
  const ratios = subject.map((value, pair) => value / floor[pair]!);
  return {
    floor: median(floor),
    subject: median(subject),
    ratio: median(ratios),
    spread: [quantile(ratios, 0.25), quantile(ratios, 0.75)],
    pairs: ratios.length,
  };
}

/**
 * Several subjects against one floor in rounds (F S1 S2 S3, F S2 S3 S1, …): each subject's run is
 * paired with its round's floor, and the order turns each round so no subject always runs nearest
 * the floor. One floor run serves the round (five runs for four pairs in rounds of four, against
 * eight in pairs of their own), for many rows held to a target one by one (every route's cold start).
 */
export async function interleavedRounds(
  floor: () => number | Promise<number>,
  subjects: (() => number | Promise<number>)[],
  { pairs = 15, warmup = 1 } = {},
): Promise<Interleaved[]> {
  const floors: number[] = [];
  const taken: number[][] = subjects.map(() => []);
  for (let round = 0; round < warmup + pairs; round++) {
    const floorValue = await floor();
    const values: number[] = [];
    for (let turn = 0; turn < subjects.length; turn++) {
      const index = (round + turn) % subjects.length;
      values[index] = await subjects[index]!();
    }
    if (round < warmup) continue;
    floors.push(floorValue);
    values.forEach((value, index) => taken[index]!.push(value));
  }
  return taken.map((values) => summarize(floors, values));
}
