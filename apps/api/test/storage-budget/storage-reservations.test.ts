import { describe, expect, it } from 'vitest';
import { DEFAULT_TIER_LIMITS, type TierLimitsTable } from '../../src/identity/tier-limits.js';
import { estimateExperimentResultBytes } from '../../src/storage-budget/experiment-storage-cost.js';
import { estimateStoredBytes } from '../../src/storage-budget/storage-cost.js';
import { StorageReservations } from '../../src/storage-budget/storage-reservations.js';
import { protectedAppsClosedAfterEach, type ProtectedApp } from '../idempotency/support/protected-app.js';
import { tinyValleyEveryTick } from '../helpers/tiny-valley.js';

/**
 * Requests of one organization that run at the same time may not pass its storage quota
 * together: each reserves its estimate when admitted and releases it once what it stored is
 * committed (docs/api.md, "Storage budget"). Before, each was weighed against the stored bytes
 * alone, read before any of them had stored anything, so all of them passed.
 */

type Json = any;
const open = protectedAppsClosedAfterEach();
const tiers = (quotaBytes: number): TierLimitsTable => ({ ...DEFAULT_TIER_LIMITS, free: { ...DEFAULT_TIER_LIMITS.free, storage: { quotaBytes } } });

/** What 40 ticks of tiny-valley prophesying every tick are estimated to store. */
const FORTY = estimateStoredBytes({ agents: 6, attractors: 2, prophecyInterval: 1 }, 40);
/** Room for one such request and a half: two at once must not both pass. */
const QUOTA = Math.floor(1.5 * FORTY);

const storageOf = async (p: ProtectedApp): Promise<Json> => ((await (await p.request('/v1/usage', { key: 'key-a-usage' })).json()) as Json).storage;
const created = async (p: ProtectedApp): Promise<string> =>
  ((await (await p.request('/v1/simulations', { key: 'key-a', body: { scenario: tinyValleyEveryTick() } })).json()) as Json).id;
const codeOf = async (res: Response): Promise<string | undefined> =>
  res.status >= 400 ? ((await res.json()) as Json).error.code : (await res.arrayBuffer(), undefined);

describe('concurrent requests and the storage quota', () => {
  it('two steps at once on two simulations: one is admitted, the other refused with what the first reserved', async () => {
    const p = await open({ tiers: tiers(QUOTA) });
    const [a, b] = [await created(p), await created(p)];
    const responses = await Promise.all([a, b].map((id) => p.request(`/v1/simulations/${id}/step`, { key: 'key-a', body: { ticks: 40 } })));
    expect(responses.map((res) => res.status).sort()).toEqual([200, 422]);
    const refused = responses.find((res) => res.status === 422) as Response;
    const error = ((await refused.json()) as Json).error;
    expect(error.code).toBe('STORAGE_LIMIT_EXCEEDED');
    // Counted as used: the stored bytes and the other step's reservation (or, if it had
    // finished first, what it stored); either way at least what it stores.
    expect(error.details.used + error.details.cost).toBeGreaterThan(QUOTA);
    const stored = (await storageOf(p)).total;
    expect(stored).toBeLessThanOrEqual(QUOTA);
    expect(stored).toBeGreaterThan(FORTY / 2);

    // Released once stored: a 10-tick step fits beside what the first stored, which it would not
    // if the first step's estimate were still reserved.
    const ten = estimateStoredBytes({ agents: 6, attractors: 2, prophecyInterval: 1 }, 10);
    expect(stored + ten).toBeLessThanOrEqual(QUOTA);
    expect(stored + FORTY + ten).toBeGreaterThan(QUOTA);
    expect((await p.request(`/v1/simulations/${a}/step`, { key: 'key-a', body: { ticks: 10 } })).status).toBe(200);
  });

  it('two runs at once: one is stored, the other refused before any engine work', async () => {
    const p = await open({ tiers: tiers(QUOTA) });
    const responses = await Promise.all(
      [0, 1].map(() => p.request('/v1/simulations/run', { key: 'key-a', body: { scenario: tinyValleyEveryTick(), ticks: 40 } })),
    );
    const codes = await Promise.all(responses.map(codeOf));
    expect(responses.map((res) => res.status).sort()).toEqual([201, 422]);
    expect(codes).toContain('STORAGE_LIMIT_EXCEEDED');
    expect((await storageOf(p)).total).toBeLessThanOrEqual(QUOTA);
    const list = (await (await p.request('/v1/simulations', { key: 'key-a' })).json()) as Json;
    expect(list.pagination.total).toBe(1);
  });

  it('two experiments at once: one is queued, the other refused; the reservation is released when it finishes', async () => {
    const metrics = ['losses', 'minStability'];
    const body = (replications: number, seed: number) => ({
      base: { scenarioId: 'tiny-valley' },
      engineVersion: '1.1.0',
      replications,
      seed,
      ticks: 5,
      metrics,
    });
    // Each is weighed at its runs' results and its spec; the two specs differ only in the seed's
    // digit, so both weigh the same, and room for one and a half refuses the second.
    const results = estimateExperimentResultBytes(metrics, 200);
    const quota = Math.floor(1.5 * results);
    const p = await open({ tiers: tiers(quota) });
    const responses = await Promise.all([1, 2].map((seed) => p.request('/v1/experiments', { key: 'key-a', body: body(200, seed) })));
    expect(responses.map((res) => res.status).sort()).toEqual([202, 422]);
    const accepted = (await (responses.find((res) => res.status === 202) as Response).json()) as Json;
    const refused = ((await (responses.find((res) => res.status === 422) as Response).json()) as Json).error;
    expect(refused.code).toBe('STORAGE_LIMIT_EXCEEDED');
    const each = refused.details.cost as number;
    expect(each).toBeGreaterThan(results);
    expect(each).toBeLessThan(results + 8_192);
    expect(refused.details).toEqual({ cost: each, used: each, quota, tier: 'free', unit: 'bytes' });

    for (let i = 0; i < 2_000; i++) {
      const view = (await (await p.request(`/v1/experiments/${accepted.id}`, { key: 'key-a' })).json()) as Json;
      if (view.status === 'completed') break;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    const used = await storageOf(p);
    expect(used.experimentResults).toBeGreaterThan(0);
    expect(used.experiments).toBeGreaterThan(0);
    const stored = used.total as number;
    // 100 more runs fit beside what was stored, not beside the reservation too.
    const more = estimateExperimentResultBytes(metrics, 100) + (each - results);
    expect(stored + more).toBeLessThanOrEqual(quota);
    expect(stored + each + more).toBeGreaterThan(quota);
    expect((await p.request('/v1/experiments', { key: 'key-a', body: body(100, 3) })).status).toBe(202);
  });
});

describe('StorageReservations', () => {
  it('sums what each organization reserved, releases each reservation once, and counts the releases', () => {
    const reservations = new StorageReservations();
    const first = reservations.reserve('org-a', 100);
    const second = reservations.reserve('org-a', 40);
    reservations.reserve('org-b', 7);
    expect([reservations.of('org-a'), reservations.of('org-b'), reservations.generation]).toEqual([140, 7, 0]);
    first();
    first();
    expect([reservations.of('org-a'), reservations.generation]).toEqual([40, 1]);
    second();
    expect(reservations.of('org-a')).toBe(0);
  });
});
