// The rows of one bench run: each told on stderr as it is measured, all written by bench/run.ts at the end.
import type { Interleaved } from '#bench/interleaved';

export type Row = {
  benchmark: string;
  unit: string;
  value: number;
  floor: number | null;
  ratio: number | null;
  /** Interquartile range of the pairs' ratios, for interleaved rows. */
  spread: [number, number] | null;
  target: string;
  ok: boolean;
};

export type Rows = {
  /** Every row so far, in the order measured. */
  all: Row[];
  record(measured: Row): void;
  /** An interleaved row: the median ratio, with the pairs' spread beside it. */
  pairedRow(benchmark: string, unit: string, measured: Interleaved, target: string, ok: boolean): void;
  /** A single figure against its floor (0: none). */
  row(benchmark: string, value: number, floor: number, unit: string, target: string, ok: boolean): void;
};

/** Plain functions, not methods, so a section may take only those it uses. */
export function collectRows(): Rows {
  const all: Row[] = [];
  // Each row is told as it is measured, so a run cut short still shows what it had.
  const record = (measured: Row) => {
    all.push(measured);
    const ratio = measured.ratio === null ? '' : `, ${measured.ratio.toFixed(2)}× the floor`;
    const verdict = measured.ok ? '' : ' (target not met)';
    process.stderr.write(`${measured.benchmark}: ${measured.value.toFixed(1)} ${measured.unit}${ratio}${verdict}\n`);
  };
  const pairedRow = (benchmark: string, unit: string, measured: Interleaved, target: string, ok: boolean) =>
    record({
      benchmark,
      unit,
      value: measured.subject,
      floor: measured.floor,
      ratio: measured.ratio,
      spread: measured.spread,
      target,
      ok,
    });
  const row = (benchmark: string, value: number, floor: number, unit: string, target: string, ok: boolean) =>
    record({
      benchmark,
      unit,
      value,
      floor: floor || null,
      ratio: floor ? value / floor : null,
      spread: null,
      target,
      ok,
    });
  return { all, record, pairedRow, row };
}
