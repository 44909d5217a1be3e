import { describe, expect, it } from 'vitest';
import { listAdapters } from '../src/registry.js';
import {
  DEFAULT_DOMAIN_GOLDEN_TICKS,
  DOMAIN_GOLDEN_UPDATE_COMMAND,
  domainVersions,
  exampleScenario,
  hashDomainTrace,
  readPinnedDomains,
  scenarioDigest,
  type DomainGoldenFile,
} from './golden/domain-trace-hash.js';

const pinned: DomainGoldenFile = readPinnedDomains() ?? { description: '', adapters: {} };
const adapters = listAdapters();

const HOW_TO_FIX =
  'Engine versions are frozen: a pinned trace, domain model state included, must never change. If you changed a domain model or the engine ' +
  `on purpose, put the new behaviour in a NEW engine version and run \`${DOMAIN_GOLDEN_UPDATE_COMMAND}\` to add its hashes; never re-pin an ` +
  `existing version. If you changed the adapter's translation or its example, re-pin it with \`${DOMAIN_GOLDEN_UPDATE_COMMAND} -- --rewrite <adapter-id>\`.`;

const pinWith = (what: string): string =>
  `${what}; run \`${DOMAIN_GOLDEN_UPDATE_COMMAND}\` from the repository root to pin its golden hashes, then commit them`;

describe('golden traces of the domain adapters’ examples', () => {
  it('pins no adapter that is gone', () => {
    const ids = new Set(adapters.map((adapter) => adapter.id));
    const gone = Object.keys(pinned.adapters).filter((id) => !ids.has(id));
    expect(gone, pinWith(`golden hashes are pinned for adapters no longer registered (${gone.join(', ')})`)).toEqual([]);
  });

  it('has engine versions that serve domain models', () => {
    expect(domainVersions()).toContain('1.4.0');
  });

  for (const adapter of adapters) {
    describe(adapter.id, () => {
      const entry = pinned.adapters[adapter.id];
      const scenario = exampleScenario(adapter);

      it('is pinned for the adapter’s example as it translates today', () => {
        expect(entry, pinWith(`the adapter ${adapter.id} is new: it has no golden hashes yet`)).toBeDefined();
        expect(
          scenarioDigest(scenario),
          `the translation of ${adapter.id}'s example changed since its traces were pinned; if that was intended, run \`${DOMAIN_GOLDEN_UPDATE_COMMAND} -- --rewrite ${adapter.id}\``,
        ).toBe(entry?.scenarioSha256);
      });

      for (const version of domainVersions()) {
        it.skipIf(entry === undefined)(`reproduces the pinned trace, state.domain included, with engine ${version}`, () => {
          const ticks = entry?.ticks ?? DEFAULT_DOMAIN_GOLDEN_TICKS;
          const actual = hashDomainTrace(scenario, version, ticks);
          // What is hashed carries the model's state on every tick: a trace without it would pin nothing of the model.
          expect(actual.models).toEqual(Array.from({ length: ticks }, () => adapter.domainModel ?? 'none'));
          if (adapter.domainModel !== undefined) expect(actual.moved, `state.domain of ${adapter.id} stands still over ${ticks} ticks`).toBe(true);
          expect(entry?.hashes[version], pinWith(`${adapter.id} has no golden hash for engine ${version}`)).toBeDefined();
          // The domain hash first: when it differs the model's state changed, not only the agents or basins.
          expect(actual.domain, `state.domain of ${adapter.id} (${ticks} ticks) changed under engine ${version}. ${HOW_TO_FIX}`).toBe(
            entry?.domainHashes[version],
          );
          expect(actual.trace, `The trace of ${adapter.id} (${ticks} ticks) changed under engine ${version}. ${HOW_TO_FIX}`).toBe(entry?.hashes[version]);
        });
      }
    });
  }
});
