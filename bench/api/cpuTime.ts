import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';

/**
 * CPU time spent by processes of this machine, from /proc (Linux). Requests per second follow the
 * machine's speed, which here drifts by 2x within an hour; the CPU a request costs the server and
 * the database drifts far less, so a change is judged by it as well.
 */
const TICKS_PER_SECOND = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;

/** User plus system CPU time of one process, in ms (0 once it is gone). */
export function processCpuMs(pid: number | string): number {
  try {
    // The fields after the command's closing parenthesis: utime and stime are the 12th and 13th.
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
  } catch {
    return 0;
  }
}

/** The CPU time of every PostgreSQL process on this machine (its backends serve the measured server), in ms. */
export function postgresCpuMs(): number {
  let total = 0;
  for (const pid of readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      if (readFileSync(`/proc/${pid}/comm`, 'utf8').startsWith('postgres')) total += processCpuMs(pid);
    } catch {
      // The process ended while being read.
    }
  }
  return total;
}
