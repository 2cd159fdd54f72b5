// npm run bench:compare -- <a.json> <b.json>: the rows two runs share, side by side, and whether
// their ratios agree: the two interquartile ranges overlap (or, for rows without pairs, within 0.05).
// A pair's range is the noise within one run; rows whose ranges miss each other but whose medians
// are within the bench's resolution (±0.05, what the control row is held to) are marked apart.
import { readFileSync } from 'node:fs';

type Row = { benchmark: string; ratio: number | null; spread: [number, number] | null };
const [first, second] = process.argv.slice(2).map((file) => JSON.parse(readFileSync(file, 'utf8')) as { rows: Row[] });
if (!first || !second) throw new Error('usage: npm run bench:compare -- <a.json> <b.json>');

const range = (row: Row): [number, number] => row.spread ?? [row.ratio! - 0.05, row.ratio! + 0.05];
const agree = (a: Row, b: Row) => {
  const [[lowA, highA], [lowB, highB]] = [range(a), range(b)];
  return lowA <= highB && lowB <= highA;
};
const format = (row: Row) =>
  `${row.ratio!.toFixed(2)}${row.spread ? ` (${row.spread.map((q) => q.toFixed(2)).join('–')})` : ''}`;

const RESOLUTION = 0.05;
const verdicts = { agree: 0, 'within 0.05': 0, DIFFER: 0 };
for (const a of first.rows.filter((row) => row.ratio !== null)) {
  const b = second.rows.find((row) => row.benchmark === a.benchmark && row.ratio !== null);
  if (!b) continue;
  const verdict = agree(a, b) ? 'agree' : Math.abs(a.ratio! - b.ratio!) <= RESOLUTION ? 'within 0.05' : 'DIFFER';
  verdicts[verdict]++;
  console.log(`${verdict.padEnd(12)} ${format(a).padEnd(20)} ${format(b).padEnd(20)} ${a.benchmark}`);
}
const shared = Object.values(verdicts).reduce((sum, count) => sum + count, 0);
console.log(
  `\n${shared} shared rows: ${verdicts.agree} agree within their spread, ${verdicts['within 0.05']} more within ±${RESOLUTION}, ${verdicts.DIFFER} differ`,
);
