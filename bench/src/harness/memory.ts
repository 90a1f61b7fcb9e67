/**
 * Peak resident memory of a server process, from Linux's /proc: `VmHWM` is the
 * high-water mark, and writing 5 to `clear_refs` resets it to the current RSS,
 * so each scenario gets its own peak.
 */
import { readFileSync, writeFileSync } from 'node:fs';

export function resetPeakRss(pid: number): void {
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, '5');
  } catch {
    // not Linux, or not allowed: the peak then covers the process's whole life
  }
}

/** Peak RSS in MiB, or NaN when /proc is not readable. */
export function peakRssMiB(pid: number): number {
  try {
    const match = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) / 1024 : Number.NaN;
  } catch {
    return Number.NaN;
  }
}
