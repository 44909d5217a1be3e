/**
 * Pins the golden trace hashes in test/golden/golden-hashes.json.
 *
 *   npx -y pnpm@10.34.9 --filter @sim/engine golden:update                       # add what is missing
 *   npx -y pnpm@10.34.9 --filter @sim/engine golden:update -- --rewrite <id> ...  # re-pin a scenario whose file changed
 *
 * An engine version is frozen: once its hashes are pinned they must never change. So this
 * script only ever adds hashes (a new engine version, a new scenario) and refuses to overwrite
 * a pinned hash, unless `--rewrite <id>` names a scenario whose runnable content (seed, agents,
 * grid, rules) itself changed. A hash that changed while its scenario did not means the
 * engine's behaviour changed: put that change in a new engine version instead.
 */
import { writeFileSync } from 'node:fs';
import { computeHashes, GOLDEN_DESCRIPTION, GOLDEN_PATH, loadScenarios, readPinned, type GoldenFile } from '../test/golden/trace-hash.js';

function parseArgs(argv: readonly string[]): Set<string> {
  const rewrite = new Set<string>();
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string;
    if (arg === '--') continue;
    if (arg === '--rewrite' && argv[i + 1] !== undefined) {
      rewrite.add(argv[++i] as string);
      continue;
    }
    throw new Error(`unknown argument "${arg}"; usage: update-golden [--rewrite <scenario-id>]...`);
  }
  return rewrite;
}

function main(): number {
  const rewrite = parseArgs(process.argv.slice(2));
  const path = GOLDEN_PATH;
  const pinned = readPinned();
  const scenarios = loadScenarios();
  for (const id of rewrite) if (!scenarios.has(id)) throw new Error(`--rewrite ${id}: no such scenario in scenarios/`);

  // A rewritten scenario is recomputed from scratch, so it also picks up a new tick count.
  const base: GoldenFile | null = pinned === null ? null : { ...pinned, scenarios: { ...pinned.scenarios } };
  for (const id of rewrite) if (base !== null) delete base.scenarios[id];
  const fresh = computeHashes(scenarios, base);

  const next: GoldenFile = { description: GOLDEN_DESCRIPTION, scenarios: {} };
  const refused: string[] = [];
  const report: string[] = [];
  for (const [id, entry] of Object.entries(fresh.scenarios)) {
    const old = pinned?.scenarios[id];
    if (old === undefined) {
      report.push(`added ${id} (${Object.keys(entry.hashes).join(', ')})`);
      next.scenarios[id] = entry;
      continue;
    }
    if (rewrite.has(id)) {
      if (old.scenarioSha256 === entry.scenarioSha256 && old.ticks === entry.ticks) {
        refused.push(`${id}: --rewrite refused, the scenario did not change; a changed hash here is an engine change`);
        next.scenarios[id] = old;
      } else {
        report.push(`re-pinned ${id} (its scenario or tick count changed)`);
        next.scenarios[id] = entry;
      }
      continue;
    }
    const hashes = { ...old.hashes };
    for (const [version, hash] of Object.entries(entry.hashes)) {
      if (hashes[version] === undefined) {
        hashes[version] = hash;
        report.push(`added ${id} @ ${version}`);
      } else if (hashes[version] !== hash) {
        refused.push(
          old.scenarioSha256 === entry.scenarioSha256
            ? `${id} @ ${version}: the trace changed but the scenario did not; engine ${version} is frozen, put the change in a new engine version`
            : `${id} @ ${version}: the scenario file changed; re-pin it with --rewrite ${id}`,
        );
      }
    }
    next.scenarios[id] = { ...old, hashes };
  }
  for (const id of Object.keys(pinned?.scenarios ?? {})) if (!scenarios.has(id)) report.push(`dropped ${id} (no longer in scenarios/)`);

  for (const line of report) console.log(line);
  if (refused.length > 0) {
    console.error(`golden hashes NOT written:\n  ${refused.join('\n  ')}`);
    return 1;
  }
  writeFileSync(path, `${JSON.stringify(next, null, 2)}\n`);
  console.log(report.length > 0 ? `wrote ${path}` : 'golden hashes are up to date');
  return 0;
}

process.exitCode = main();
