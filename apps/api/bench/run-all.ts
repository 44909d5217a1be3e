/**
 * `pnpm --filter @sim/api bench`: runs every `*.bench.ts` in this folder, one after another (a
 * benchmark sharing the machine with another would measure both), each in its own process so
 * one's heap and servers cannot colour the next. Exits non-zero if any of them failed; the
 * benchmarks themselves print figures and assert nothing.
 *
 *   npx tsx apps/api/bench/run-all.ts            every benchmark
 *   npx tsx apps/api/bench/run-all.ts api auth   only those whose file name contains a word
 */
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const filters = process.argv.slice(2);
const files = readdirSync(here)
  .filter((name) => name.endsWith('.bench.ts'))
  .filter((name) => filters.length === 0 || filters.some((f) => name.includes(f)))
  .sort();

if (files.length === 0) {
  console.error(`no *.bench.ts in ${here}${filters.length > 0 ? ` matching ${filters.join(', ')}` : ''}`);
  process.exit(1);
}

const failed: string[] = [];
for (const file of files) {
  console.log(`\n=== ${file} ===`);
  const started = Date.now();
  const result = spawnSync(process.execPath, ['--conditions=@sim/source', '--import', 'tsx', join(here, file)], { stdio: 'inherit', env: process.env });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (result.status !== 0) {
    failed.push(file);
    console.log(`=== ${file} failed (exit ${result.status ?? result.signal}) after ${seconds} s ===`);
  } else {
    console.log(`=== ${file} done in ${seconds} s ===`);
  }
}
console.log(`\n${files.length - failed.length} of ${files.length} benchmarks ran${failed.length > 0 ? `; failed: ${failed.join(', ')}` : ''}`);
process.exit(failed.length > 0 ? 1 : 0);
