import { describe, expect, it } from 'vitest';
import { createInProcessRunner } from '../../src/engine-work/in-process-runner.js';
import { DEFAULT_TIER_LIMITS, type TierLimitsTable } from '../../src/identity/tier-limits.js';
import { estimateExperimentResultBytes, METRIC_VALUE_MAX_BYTES, RUN_FIXED_BYTES } from '../../src/storage-budget/experiment-storage-cost.js';
import { countingRunner } from '../helpers/counting-runner.js';
import { protectedAppsClosedAfterEach, type ProtectedApp } from '../idempotency/support/protected-app.js';

/**
 * An experiment's spec and results are weighed against the organization's storage quota before
 * it is queued, as a step or a run is (docs/api.md, "Storage budget"): each run stores its
 * metrics as one JSON object in three copies, estimated with every value at its longest, and a
 * fixed part; the spec is counted as stored. Before, only one copy of the metrics counted: a
 * probe stored 6 MB of specs (inline scenarios) for 60 bytes counted.
 */

type Json = any;
const QUOTA = 200_000;
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
  it('are estimated per run as its metrics’ JSON, every value at its longest, three times, and a fixed part', () => {
    // {"losses":…,"minStability":…}: braces, two keys quoted with their colons, a comma.
    const json = 2 + ('"losses"'.length + 1 + METRIC_VALUE_MAX_BYTES) + 1 + ('"minStability"'.length + 1 + METRIC_VALUE_MAX_BYTES);
    const perRun = 3 * json + RUN_FIXED_BYTES;
    expect(estimateExperimentResultBytes(METRICS, 1)).toBe(perRun);
    expect(estimateExperimentResultBytes(METRICS, 300)).toBe(300 * perRun);
    // The longest a value can be: the longest finite double.
    expect(JSON.stringify(-Number.MAX_VALUE).length).toBe(METRIC_VALUE_MAX_BYTES);
  });

  it('counts what an admitted experiment stored, and refuses up front the one that would pass the quota: 422, nothing queued or computed', async () => {
    const engine = countingRunner(createInProcessRunner());
    const p = await open({ tiers: TIERS, engine });
    const results = estimateExperimentResultBytes(METRICS, 100);
    expect(results).toBeLessThan(QUOTA);
    const accepted = await p.request('/v1/experiments', { key: 'key-a', body: experiment(100) });
    expect(accepted.status).toBe(202);
    const view = await finished(p, ((await accepted.json()) as Json).id);
    expect(view.status).toBe('completed');
    const used = await storageOf(p);
    // The estimate is an upper bound of what the runs stored; the spec is counted as stored.
    expect(used.experimentResults).toBeGreaterThan(100 * RUN_FIXED_BYTES);
    expect(used.experimentResults).toBeLessThanOrEqual(results);
    expect(used.experiments).toBeGreaterThan(0);

    // 300 runs would pass the quota with what is stored.
    const refusedEstimate = estimateExperimentResultBytes(METRICS, 300);
    expect(used.total + refusedEstimate).toBeGreaterThan(QUOTA);
    const measured = engine.kinds.measure;
    const refused = await p.request('/v1/experiments', { key: 'key-a', body: experiment(300, 2) });
    expect(refused.status).toBe(422);
    const error = ((await refused.json()) as Json).error;
    expect(error.code).toBe('STORAGE_LIMIT_EXCEEDED');
    // Its spec weighs what the first one's does: they differ in the seed's and the count's digits only.
    expect(error.details).toEqual({ cost: refusedEstimate + used.experiments, used: used.total, quota: QUOTA, tier: 'free', unit: 'bytes' });
    expect(await total(p)).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(engine.kinds.measure).toBe(measured);
    // Another tier's quota admits the same experiment.
    expect((await p.request('/v1/experiments', { key: 'key-pro', body: experiment(300, 2) })).status).toBe(202);
  });

  it('counts the spec an inline scenario makes large, and refuses the experiment whose spec would pass the quota', async () => {
    const p = await open({ tiers: TIERS });
    const agents = Array.from({ length: 1_600 }, (_, i) => ({ id: `agent-${i}`, marker: { x: i % 16, y: (i * 7) % 16 }, policy: { lambda: 0.4 } }));
    const scenario = {
      seed: 1,
      agents,
      initialState: { width: 16, height: 16, attractors: [{ id: 'well', x: 8, y: 8, depth: 2, radius: 2, capacity: 50 }] },
    };
    const scenarioBytes = Buffer.byteLength(JSON.stringify(scenario));
    expect(scenarioBytes).toBeGreaterThan(QUOTA / 2);
    const body = (seed: number) => ({ base: { scenario }, replications: 1, seed, ticks: 1, metrics: ['losses'] });
    const accepted = await p.request('/v1/experiments', { key: 'key-a', body: body(1) });
    expect(accepted.status).toBe(202);
    expect((await finished(p, ((await accepted.json()) as Json).id)).status).toBe('completed');
    const used = await storageOf(p);
    expect(used.experiments).toBeGreaterThanOrEqual(scenarioBytes);
    expect(used.total).toBeLessThanOrEqual(QUOTA);

    const refused = await p.request('/v1/experiments', { key: 'key-a', body: body(2) });
    expect(refused.status).toBe(422);
    const error = ((await refused.json()) as Json).error;
    expect(error.code).toBe('STORAGE_LIMIT_EXCEEDED');
    expect(error.details.cost).toBeGreaterThanOrEqual(scenarioBytes);
    expect(await total(p)).toBe(1);
  });
});
