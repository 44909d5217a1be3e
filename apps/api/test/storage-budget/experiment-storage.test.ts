import { describe, expect, it } from 'vitest';
import { createInProcessRunner } from '../../src/engine-work/in-process-runner.js';
import { DEFAULT_TIER_LIMITS, type TierLimitsTable } from '../../src/identity/tier-limits.js';
import { estimateExperimentResultBytes, METRIC_VALUE_MAX_BYTES } from '../../src/storage-budget/experiment-storage-cost.js';
import { countingRunner } from '../helpers/counting-runner.js';
import { protectedAppsClosedAfterEach, type ProtectedApp } from '../idempotency/support/protected-app.js';

/**
 * An experiment's results are weighed against the organization's storage quota before it is
 * queued, as a step or a run is (docs/api.md, "Storage budget"): each run stores its metrics as
 * one JSON object, estimated with every value at its longest.
 */

type Json = any;
const QUOTA = 20_000;
const TIERS: TierLimitsTable = { ...DEFAULT_TIER_LIMITS, free: { ...DEFAULT_TIER_LIMITS.free, storage: { quotaBytes: QUOTA } } };
const open = protectedAppsClosedAfterEach();
const METRICS = ['losses', 'minStability'];
const experiment = (replications: number, seed = 1) => ({
  base: { scenarioId: 'tiny-valley' },
  engineVersion: '1.1.0',
  replications,
  seed,
  ticks: 5,
  metrics: METRICS,
});

const storageOf = async (p: ProtectedApp): Promise<Json> => ((await (await p.request('/v1/usage', { key: 'key-a-usage' })).json()) as Json).storage;
const total = async (p: ProtectedApp): Promise<number> => ((await (await p.request('/v1/experiments', { key: 'key-a' })).json()) as Json).pagination.total;

async function finished(p: ProtectedApp, id: string): Promise<Json> {
  for (let i = 0; i < 2_000; i++) {
    const view = (await (await p.request(`/v1/experiments/${id}`, { key: 'key-a' })).json()) as Json;
    if (view.status !== 'queued' && view.status !== 'running') return view;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`experiment ${id} did not finish`);
}

describe('an experiment’s results and the storage quota', () => {
  it('are estimated per run as its metrics’ JSON, every value at its longest', () => {
    // {"losses":…,"minStability":…}: braces, two keys quoted with their colons, a comma.
    const perRun = 2 + ('"losses"'.length + 1 + METRIC_VALUE_MAX_BYTES) + 1 + ('"minStability"'.length + 1 + METRIC_VALUE_MAX_BYTES);
    expect(estimateExperimentResultBytes(METRICS, 1)).toBe(perRun);
    expect(estimateExperimentResultBytes(METRICS, 300)).toBe(300 * perRun);
    // The longest a value can be: the longest finite double.
    expect(JSON.stringify(-Number.MAX_VALUE).length).toBe(METRIC_VALUE_MAX_BYTES);
  });

  it('counts what an admitted experiment stored, and refuses up front the one that would pass the quota: 422, nothing queued or computed', async () => {
    const engine = countingRunner(createInProcessRunner());
    const p = await open({ tiers: TIERS, engine });
    const estimate = estimateExperimentResultBytes(METRICS, 100);
    expect(estimate).toBeLessThan(QUOTA);
    const accepted = await p.request('/v1/experiments', { key: 'key-a', body: experiment(100) });
    expect(accepted.status).toBe(202);
    const view = await finished(p, ((await accepted.json()) as Json).id);
    expect(view.status).toBe('completed');
    const used = await storageOf(p);
    // The estimate is an upper bound of what the runs stored.
    expect(used.experimentResults).toBeGreaterThan(0);
    expect(used.experimentResults).toBeLessThanOrEqual(estimate);

    // 300 runs would pass the quota with what is stored.
    const refusedEstimate = estimateExperimentResultBytes(METRICS, 300);
    expect(used.total + refusedEstimate).toBeGreaterThan(QUOTA);
    const measured = engine.kinds.measure;
    const refused = await p.request('/v1/experiments', { key: 'key-a', body: experiment(300, 2) });
    expect(refused.status).toBe(422);
    const error = ((await refused.json()) as Json).error;
    expect(error.code).toBe('STORAGE_LIMIT_EXCEEDED');
    expect(error.details).toEqual({ cost: refusedEstimate, used: used.total, quota: QUOTA, tier: 'free', unit: 'bytes' });
    expect(await total(p)).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(engine.kinds.measure).toBe(measured);
    // Another tier's quota admits the same experiment.
    expect((await p.request('/v1/experiments', { key: 'key-pro', body: experiment(300, 2) })).status).toBe(202);
  });
});
