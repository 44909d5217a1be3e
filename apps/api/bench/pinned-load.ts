/**
 * Load from a process of its own, as the figures were measured: the server under test on
 * CPU 0 and autocannon on CPU 1 (`taskset`, where the machine has it and two CPUs or more), so
 * the load generator's own work never runs on the measured server's core or in its profile.
 */
import { spawn, spawnSync } from 'node:child_process';
import { cpus } from 'node:os';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT } from '../test/support/server-process.js';

/** Whether processes can be pinned here. */
export const CAN_PIN = cpus().length >= 2 && spawnSync('taskset', ['-V'], { stdio: 'ignore' }).status === 0;

/** Pins a process and all its threads to one CPU; nothing where the machine cannot. */
export function pinToCpu(pid: number, cpu: number): void {
  if (CAN_PIN) spawnSync('taskset', ['-a', '-p', '-c', String(cpu), String(pid)], { stdio: 'ignore' });
}

/** CPU time (user + system, all threads) a process has used so far, in ms. */
export function cpuMsOf(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) * (1000 / 100); // clock ticks, USER_HZ = 100
}

export interface LoadResult {
  /** Mean req/s over the run. */
  rps: number;
  total: number;
  non2xx: number;
  errors: number;
  p50: number;
  p99: number;
}

/** autocannon against `url` for `seconds`, from a process pinned to CPU 1. */
export function loadFromAnotherProcess(url: string, options: { headers?: Record<string, string>; connections: number; seconds: number }): Promise<LoadResult> {
  const args = [join(REPO_ROOT, 'node_modules/autocannon/autocannon.js'), '--json', '-c', String(options.connections), '-d', String(options.seconds)];
  for (const [name, value] of Object.entries(options.headers ?? {})) args.push('-H', `${name}=${value}`);
  args.push(url);
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'ignore'] });
  pinToCpu(child.pid!, 1);
  let out = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => {
      if (code !== 0) return reject(new Error(`autocannon exited with ${code}`));
      const json = JSON.parse(out) as { requests: { average: number; total: number }; non2xx: number; errors: number; latency: { p50: number; p99: number } };
      resolve({
        rps: json.requests.average,
        total: json.requests.total,
        non2xx: json.non2xx,
        errors: json.errors,
        p50: json.latency.p50,
        p99: json.latency.p99,
      });
    });
  });
}

/** req/s and the server's CPU per request (all its threads), after a short warm-up. */
export async function measure(
  url: string,
  pid: number,
  options: { headers?: Record<string, string>; connections: number; seconds: number },
): Promise<LoadResult & { cpuUsPerRequest: number }> {
  await loadFromAnotherProcess(url, { ...options, seconds: 1 });
  const before = cpuMsOf(pid);
  const result = await loadFromAnotherProcess(url, options);
  return { ...result, cpuUsPerRequest: ((cpuMsOf(pid) - before) * 1000) / Math.max(result.total, 1) };
}
