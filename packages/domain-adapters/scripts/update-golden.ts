/**
 * Pins the golden trace hashes of the adapters' examples in test/golden/domain-golden-hashes.json.
 *
 *   npx -y pnpm@10.34.9 --filter @sim/domain-adapters golden:update                            # add what is missing
 *   npx -y pnpm@10.34.9 --filter @sim/domain-adapters golden:update -- --rewrite <adapter-id>  # re-pin an adapter whose translation changed
 *
 * The same rules as the engine's golden:update: an engine version is frozen, domain models
 * included, so this script only ever adds hashes (a new adapter, a new engine version) and
 * refuses to overwrite a pinned one, unless `--rewrite <id>` names an adapter whose translated
 * example itself changed. A hash that changed while the translation did not means a domain
 * model or the engine changed: put that change in a new engine version instead.
 */
import { writeFileSync } from 'node:fs';
import { listAdapters } from '../src/registry.js';
import {
  computeDomainHashes,
  DOMAIN_GOLDEN_DESCRIPTION,
  DOMAIN_GOLDEN_PATH,
  readPinnedDomains,
  type DomainGoldenEntry,
  type DomainGoldenFile,
} from '../test/golden/domain-trace-hash.js';

function parseArgs(argv: readonly string[]): Set<string> {
  const rewrite = new Set<string>();
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string;
    if (arg === '--') continue;
    if (arg === '--rewrite' && argv[i + 1] !== undefined) {
      rewrite.add(argv[++i] as string);
      continue;
    }
    throw new Error(`unknown argument "${arg}"; usage: update-golden [--rewrite <adapter-id>]...`);
  }
  return rewrite;
}

/** Adds the hashes `fresh` has and `old` lacks; a pinned hash that differs is refused, with why. */
function merge(id: string, old: DomainGoldenEntry, fresh: DomainGoldenEntry, report: string[], refused: string[]): DomainGoldenEntry {
  const merged: DomainGoldenEntry = { ...old, hashes: { ...old.hashes }, domainHashes: { ...old.domainHashes } };
  for (const [version, hash] of Object.entries(fresh.hashes)) {
    const domainHash = fresh.domainHashes[version] as string;
    if (merged.hashes[version] === undefined) {
      merged.hashes[version] = hash;
      merged.domainHashes[version] = domainHash;
      report.push(`added ${id} @ ${version}`);
    } else if (merged.hashes[version] !== hash || merged.domainHashes[version] !== domainHash) {
      refused.push(
        old.scenarioSha256 === fresh.scenarioSha256
          ? `${id} @ ${version}: the trace changed but the translated example did not; engine ${version} and its domain models are frozen, put the change in a new engine version`
          : `${id} @ ${version}: the translated example changed; re-pin it with --rewrite ${id}`,
      );
    }
  }
  return merged;
}

function main(): number {
  const rewrite = parseArgs(process.argv.slice(2));
  const ids = new Set(listAdapters().map((adapter) => adapter.id));
  for (const id of rewrite) if (!ids.has(id)) throw new Error(`--rewrite ${id}: no such adapter in src/registry.ts`);
  const pinned = readPinnedDomains();

  // A rewritten adapter is recomputed from scratch, so it also picks up a new tick count.
  const base: DomainGoldenFile | null = pinned === null ? null : { ...pinned, adapters: { ...pinned.adapters } };
  for (const id of rewrite) if (base !== null) delete base.adapters[id];
  const fresh = computeDomainHashes(base);

  const next: DomainGoldenFile = { description: DOMAIN_GOLDEN_DESCRIPTION, adapters: {} };
  const refused: string[] = [];
  const report: string[] = [];
  for (const [id, entry] of Object.entries(fresh.adapters)) {
    const old = pinned?.adapters[id];
    if (old === undefined) {
      report.push(`added ${id} (${Object.keys(entry.hashes).join(', ')})`);
      next.adapters[id] = entry;
    } else if (rewrite.has(id)) {
      if (old.scenarioSha256 === entry.scenarioSha256 && old.ticks === entry.ticks) {
        refused.push(`${id}: --rewrite refused, the translated example did not change; a changed hash here is an engine change`);
        next.adapters[id] = old;
      } else {
        report.push(`re-pinned ${id} (its translated example or tick count changed)`);
        next.adapters[id] = entry;
      }
    } else {
      next.adapters[id] = merge(id, old, entry, report, refused);
    }
  }
  for (const id of Object.keys(pinned?.adapters ?? {})) if (!ids.has(id)) report.push(`dropped ${id} (no longer registered)`);

  for (const line of report) console.log(line);
  if (refused.length > 0) {
    console.error(`golden hashes NOT written:\n  ${refused.join('\n  ')}`);
    return 1;
  }
  writeFileSync(DOMAIN_GOLDEN_PATH, `${JSON.stringify(next, null, 2)}\n`);
  console.log(report.length > 0 ? `wrote ${DOMAIN_GOLDEN_PATH}` : 'golden hashes are up to date');
  return 0;
}

process.exitCode = main();
