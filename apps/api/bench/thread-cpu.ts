/**
 * CPU time read from Linux's /proc, per process and per thread name: what a benchmark needs to
 * say where the machine's cores went (Chromium runs as one process whose threads rasterise,
 * composite and emulate a GPU; the per-process figures of pidusage and the like cannot tell
 * them apart). Every reader answers an empty sample where /proc is missing (not Linux).
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';

const TICKS_PER_SECOND = 100; // USER_HZ: what /proc counts in on every Linux that Node runs on

/** CPU milliseconds (user + system) per thread name of one process; names that differ only in a trailing number are one (Thread<00>, Thread<01>). */
export type ThreadCpu = Map<string, number>;

/** The fields of a /proc stat line after the command name: field 14 of proc(5) (utime) is index 11. */
function statFields(text: string): { name: string; fields: string[] } {
  const close = text.lastIndexOf(')');
  return { name: text.slice(text.indexOf('(') + 1, close), fields: text.slice(close + 2).split(' ') };
}

function cpuMs(fields: string[]): number {
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
}

function readOrUndefined(path: string): string | undefined {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return undefined; // the thread or process ended between listing and reading
  }
}

/** CPU time so far of each thread (grouped by name) of a process. */
export function threadCpu(pid: number): ThreadCpu {
  const out: ThreadCpu = new Map();
  const dir = `/proc/${pid}/task`;
  if (!existsSync(dir)) return out;
  for (const tid of readdirSync(dir)) {
    const text = readOrUndefined(`${dir}/${tid}/stat`);
    if (text === undefined) continue;
    const { name, fields } = statFields(text);
    const key = name.replace(/\d+>?$/, (m) => (m.endsWith('>') ? 'N>' : ''));
    out.set(key, (out.get(key) ?? 0) + cpuMs(fields));
  }
  return out;
}

/** The ids of a process's children (direct ones). */
export function childPids(pid: number): number[] {
  if (!existsSync('/proc')) return [];
  const out: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const text = readOrUndefined(`/proc/${entry}/stat`);
    if (text !== undefined && Number(statFields(text).fields[1]) === pid) out.push(Number(entry));
  }
  return out;
}

/** The machine's CPU time so far, in milliseconds summed over its cores: busy and in all. */
export function machineCpu(): { busyMs: number; totalMs: number } {
  const line = readOrUndefined('/proc/stat')?.split('\n')[0];
  if (line === undefined) return { busyMs: 0, totalMs: 0 };
  const ticks = line.trim().split(/\s+/).slice(1, 9).map(Number);
  const total = ticks.reduce((a, b) => a + b, 0);
  const idle = (ticks[3] ?? 0) + (ticks[4] ?? 0); // idle + iowait
  return { busyMs: ((total - idle) * 1000) / TICKS_PER_SECOND, totalMs: (total * 1000) / TICKS_PER_SECOND };
}

/** `after - before`, per name. */
export function cpuSpent(before: ThreadCpu, after: ThreadCpu): ThreadCpu {
  return new Map([...after].map(([name, ms]) => [name, ms - (before.get(name) ?? 0)]));
}

/** Sum of the names `which` accepts. */
export function sumOf(cpu: ThreadCpu, which: (name: string) => boolean = () => true): number {
  let sum = 0;
  for (const [name, ms] of cpu) if (which(name)) sum += ms;
  return sum;
}
