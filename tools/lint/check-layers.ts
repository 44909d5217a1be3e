/**
 * The import graph's check: dependency-cruiser with the rules of .dependency-cruiser.js (the
 * layer order, no circles, a pure worker). `pnpm lint` runs it through `main` below and fails on
 * any violation; tools/test/check-layers.test.ts runs it on the tree and on a fixture that breaks
 * each rule, so that a rule that stops biting is seen.
 */
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { cruise, type ICruiseResult } from 'dependency-cruiser';
import extractDepcruiseOptions from 'dependency-cruiser/config-utl/extract-depcruise-options';
import { REPO_ROOT } from '../packaging/published-packages.js';

/** What the check reads: the API's sources and the packages' sources. */
export const CHECKED_ROOTS = ['apps/api/src', 'packages/engine/src', 'packages/domain-adapters/src', 'packages/client/src'];

/** One broken rule: its name and the arrow (or circle) that breaks it. */
export interface LayerViolation {
  rule: string;
  from: string;
  to: string;
  /** The modules of a circle, in order; empty for other rules. */
  cycle: string[];
}

/**
 * Cruises `roots` (paths relative to `baseDir`, the repository by default) with the repository's
 * rules and returns every violation; none when the graph keeps them.
 */
export async function checkLayers(baseDir = REPO_ROOT, roots = CHECKED_ROOTS): Promise<LayerViolation[]> {
  const options = await extractDepcruiseOptions(resolve(REPO_ROOT, '.dependency-cruiser.js'));
  // The tsconfig path in the options is relative to the repository, wherever the cruise starts.
  const tsConfig = options.tsConfig?.fileName === undefined ? undefined : { fileName: resolve(REPO_ROOT, options.tsConfig.fileName) };
  const result = await cruise(roots, { ...options, tsConfig, baseDir, validate: true });
  const output = result.output as ICruiseResult;
  return output.summary.violations.map((v) => ({
    rule: v.rule.name,
    from: v.from,
    to: v.to,
    cycle: (v.cycle ?? []).map((step) => step.name),
  }));
}

/** One line a violation, as `pnpm lint` prints them. */
export function describeViolation(v: LayerViolation): string {
  const arrow = v.cycle.length > 0 ? [v.from, ...v.cycle].join(' → ') : `${v.from} → ${v.to}`;
  return `${v.rule}: ${arrow}`;
}

async function main(): Promise<void> {
  const started = performance.now();
  const violations = await checkLayers();
  for (const v of violations) console.error(describeViolation(v));
  if (violations.length > 0) {
    console.error(`${violations.length} import(s) break the layers of .dependency-cruiser.js (see its LAYERS).`);
    process.exitCode = 1;
    return;
  }
  console.log(`import graph: no back arrow, no circle (${Math.round(performance.now() - started)} ms)`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await main();
