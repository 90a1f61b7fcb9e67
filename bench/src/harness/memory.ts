/**
 * Resident memory of a server process, from Linux's /proc: `VmRSS` is the
 * current RSS, `VmHWM` its high-water mark, and writing 5 to `clear_refs`
 * resets the mark to the current RSS, so each scenario gets its own peak.
 */
import { readFileSync, writeFileSync } from 'node:fs';

export function resetPeakRss(pid: number): void {
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, '5');
  } catch {
    // not Linux, or not allowed: the peak then covers the process's whole life
  }
}

/** A `/proc/<pid>/status` field in MiB, or NaN when /proc is not readable. */
function statusMiB(pid: number, field: 'VmHWM' | 'VmRSS'): number {
  try {
    const match = new RegExp(`${field}:\\s+(\\d+) kB`).exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) / 1024 : Number.NaN;
  } catch {
    return Number.NaN;
  }
}

/** Peak RSS in MiB since the last {@link resetPeakRss}. */
export const peakRssMiB = (pid: number): number => statusMiB(pid, 'VmHWM');

/** Current RSS in MiB. */
export const rssMiB = (pid: number): number => statusMiB(pid, 'VmRSS');
