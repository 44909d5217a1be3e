import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { computeHashes, GOLDEN_UPDATE_COMMAND, loadScenarios, readPinned, versionsRunning, type GoldenFile } from './golden/trace-hash.js';

const run = promisify(execFile);
const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const CHILD = fileURLToPath(new URL('./golden/print-hashes.ts', import.meta.url));

const pinned: GoldenFile = readPinned() ?? { description: '', scenarios: {} };
const scenarios = loadScenarios();

const HOW_TO_FIX =
  'Engine versions are frozen: a pinned trace must never change. If you changed the engine on purpose, ' +
  `put the new behaviour in a NEW engine version (src/versions) and run \`${GOLDEN_UPDATE_COMMAND}\` ` +
  'to add its hashes; never re-pin an existing version. If you edited the scenario file itself, re-pin it with ' +
  `\`${GOLDEN_UPDATE_COMMAND} -- --rewrite <scenario-id>\`.`;

/** What a scenario without pinned hashes needs: the one command, run from the repository root. */
const pinWith = (what: string): string => `${what}; run \`${GOLDEN_UPDATE_COMMAND}\` from the repository root to pin its golden hashes, then commit them`;

/**
 * Every scenario under every version, twice at once (here and in the child): a few seconds on a
 * quiet machine, far more on a busy one, where a tight limit would fail a correct engine.
 */
const GOLDEN_TIMEOUT_MS = 240_000;

/** Starts a fresh Node process that computes every hash on its own; `TZ` and locale differ on purpose. */
function hashesInChild(env: Record<string, string>): Promise<GoldenFile> {
  return run(process.execPath, ['--conditions=@sim/source', '--import', 'tsx', CHILD], {
    cwd: REPO_ROOT,
    env: { ...process.env, ...env },
    maxBuffer: 1 << 20,
    timeout: GOLDEN_TIMEOUT_MS,
  }).then(({ stdout }) => JSON.parse(stdout) as GoldenFile);
}

describe('golden traces', () => {
  let child: Promise<GoldenFile>;
  let here: GoldenFile;

  beforeAll(() => {
    // The child runs while this process computes the same hashes, so the two overlap in time.
    child = hashesInChild({ TZ: 'Pacific/Chatham', LANG: 'tr_TR.UTF-8', LC_ALL: 'tr_TR.UTF-8' });
    child.catch(() => undefined);
    here = computeHashes(scenarios, pinned);
  }, GOLDEN_TIMEOUT_MS);

  it('pins no scenario that is gone', () => {
    const gone = Object.keys(pinned.scenarios).filter((id) => !scenarios.has(id));
    expect(gone, pinWith(`golden hashes are pinned for scenarios no longer on disk (${gone.join(', ')})`)).toEqual([]);
  });

  for (const id of [...scenarios.keys()].sort()) {
    describe(id, () => {
      // One test names a new scenario and the command; the per-version ones wait until it is pinned.
      const isPinned = pinned.scenarios[id] !== undefined;

      it('is pinned for the scenario as it is on disk', () => {
        const entry = pinned.scenarios[id];
        expect(entry, pinWith(`scenarios/${id}.json is new: it has no golden hashes yet`)).toBeDefined();
        expect(
          here.scenarios[id]?.scenarioSha256,
          `scenarios/${id}.json changed since its traces were pinned; if that was intended, run ` + `\`${GOLDEN_UPDATE_COMMAND} -- --rewrite ${id}\``,
        ).toBe(entry?.scenarioSha256);
      });

      for (const version of versionsRunning(scenarios.get(id) as Parameters<typeof versionsRunning>[0])) {
        it.skipIf(!isPinned)(`reproduces the pinned trace with engine ${version}`, () => {
          const expected = pinned.scenarios[id]?.hashes[version];
          expect(expected, pinWith(`${id} has no golden hash for engine ${version}`)).toBeDefined();
          const actual = here.scenarios[id]?.hashes[version];
          expect(actual, `The trace of ${id} (${pinned.scenarios[id]?.ticks} ticks) changed under engine ${version}. ${HOW_TO_FIX}`).toBe(expected);
        });
      }
    });
  }

  it(
    'gives the same hashes in a separate process',
    async () => {
      const other = await child;
      expect(other, 'a fresh Node process (other time zone and locale) computed different traces: the engine is not deterministic').toEqual(here);
    },
    GOLDEN_TIMEOUT_MS,
  );
});
