// CPU a process has used so far, read from /proc: the bench's list rows tell each half's CPU per request
// beside its rate, because each half runs as fast as one Node process can (docs/performance.md).
import { readFileSync } from 'node:fs';

/** Linux reports utime and stime in clock ticks of 1/100 s (USER_HZ). */
const MICROSECONDS_PER_TICK = 10_000;

/** User and system CPU of `pid` in µs, or undefined where there is no /proc (macOS). */
export function processCpuMicros(pid: number): number | undefined {
  try {
    // The command name, in parentheses, may hold spaces: the fields are counted after it.
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) * MICROSECONDS_PER_TICK;
  } catch {
    return undefined;
  }
}
