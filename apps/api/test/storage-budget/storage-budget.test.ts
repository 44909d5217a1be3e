import { describe, expect, it } from 'vitest';
import { DEFAULT_TIER_LIMITS, type TierLimitsTable } from '../../src/identity/tier-limits.js';
import { estimateStoredBytes } from '../../src/storage-budget/storage-cost.js';
import { countingRunner } from '../helpers/counting-runner.js';
import { createInProcessRunner } from '../../src/engine-work/in-process-runner.js';
import { protectedAppsClosedAfterEach, type ProtectedApp } from '../idempotency/support/protected-app.js';
import { tinyValleyEveryTick } from '../helpers/tiny-valley.js';

/**
 * Issue 23's stored events, scaled to seconds: a world that prophesies every tick stores a
 * prophecy and its event every tick. Organization A's free tier may keep 200 000 bytes here; a
 * step is weighed from arithmetic before it runs, and refused (422, nothing computed, nothing
 * stored) once what is stored plus its estimate passes the quota (docs/api.md, "Storage budget").
 */

type Json = any;
const QUOTA = 200_000;
const TIERS: TierLimitsTable = { ...DEFAULT_TIER_LIMITS, free: { ...DEFAULT_TIER_LIMITS.free, storage: { quotaBytes: QUOTA } } };
const open = protectedAppsClosedAfterEach();

const storageOf = async (p: ProtectedApp): Promise<Json> => {
  const res = await p.request('/v1/usage', { key: 'key-a-usage' });
  expect(res.status).toBe(200);
  return ((await res.json()) as Json).storage;
};

describe('stored bytes are a budget per organization and tier', () => {
  it('counts a step’s events, prophecies and checkpoints in GET /v1/usage, and refuses the step that would pass the quota up front', async () => {
    const engine = countingRunner(createInProcessRunner());
    const p = await open({ tiers: TIERS, engine });
    const created = await p.request('/v1/simulations', { key: 'key-a', body: { scenario: tinyValleyEveryTick() } });
    expect(created.status).toBe(201);
    const id = ((await created.json()) as Json).id as string;
    // The simulation's own row counts from the start: its scenario, snapshot and state.
    const atCreate = await storageOf(p);
    expect(atCreate.simulations).toBeGreaterThan(1_000);
    expect(atCreate).toMatchObject({ total: atCreate.simulations, events: 0, prophecies: 0, checkpoints: 0, quota: QUOTA, tier: 'free' });

    // 40 ticks: estimated below the quota, admitted; the bytes stored are counted as written.
    const estimate = estimateStoredBytes({ agents: 6, attractors: 2, prophecyInterval: 1 }, 40);
    expect(estimate).toBeLessThan(QUOTA);
    expect((await p.request(`/v1/simulations/${id}/step`, { key: 'key-a', body: { ticks: 40 } })).status).toBe(200);
    const used = await storageOf(p);
    expect(used.prophecies).toBeGreaterThan(40 * 1_000);
    expect(used.events).toBeGreaterThan(40 * 1_000);
    expect(used.total).toBe(
      used.simulations + used.events + used.prophecies + used.checkpoints + used.idempotentResponses + used.experiments + used.experimentResults,
    );
    // The estimate is an upper bound of the history the step stored, within a factor of two.
    const history = used.total - used.simulations;
    expect(history).toBeLessThanOrEqual(estimate);
    expect(history).toBeGreaterThan(estimate / 2);

    // The next 40 would pass the quota: refused before any engine work, nothing stored.
    const tasks = engine.tasks;
    const started = performance.now();
    const refused = await p.request(`/v1/simulations/${id}/step`, { key: 'key-a', body: { ticks: 40 } });
    expect(performance.now() - started).toBeLessThan(1_000);
    expect(refused.status).toBe(422);
    const error = ((await refused.json()) as Json).error;
    expect(error.code).toBe('STORAGE_LIMIT_EXCEEDED');
    expect(error.details).toEqual({ cost: estimate, used: used.total, quota: QUOTA, tier: 'free', unit: 'bytes' });
    expect(error.message).toContain(QUOTA.toLocaleString('en-US'));
    expect(engine.tasks).toBe(tasks);
    expect((await storageOf(p)).total).toBe(used.total);
    // A run is weighed the same way; a smaller step still fits.
    const run = await p.request('/v1/simulations/run', { key: 'key-a', body: { scenario: tinyValleyEveryTick(), ticks: 40 } });
    expect(run.status).toBe(422);
    expect((await p.request(`/v1/simulations/${id}/step`, { key: 'key-a', body: { ticks: 2 } })).status).toBe(200);
    // Another organization's budget is its own.
    const theirs = await p.request('/v1/simulations/run', { key: 'key-b', body: { scenario: tinyValleyEveryTick(), ticks: 40 } });
    expect(theirs.status).toBe(201);
    await theirs.arrayBuffer();
  });

  it('counts each simulation’s own row, so creates and forks stop once the rows fill the quota', async () => {
    // A probe stored 2.9 MB a create (a 1 MiB scenario and its snapshot), and a copy a fork,
    // none of it counted: the rows grew without bound. Here 150 agents: a row of about 25 KB.
    const valley = tinyValleyEveryTick();
    const crowd = { ...valley, agents: Array.from({ length: 150 }, (_, i) => ({ id: `c${i}`, marker: { x: (i * 7) % 16, y: (i * 3) % 16 } })) };
    const p = await open({ tiers: TIERS });
    const statuses: number[] = [];
    let refused: Json;
    for (let i = 0; i < 10 && refused === undefined; i++) {
      const res = await p.request('/v1/simulations', { key: 'key-a', body: { scenario: crowd } });
      statuses.push(res.status);
      if (res.status !== 201) refused = ((await res.json()) as Json).error;
    }
    expect(refused).toMatchObject({ code: 'STORAGE_LIMIT_EXCEEDED', details: { quota: QUOTA, tier: 'free', unit: 'bytes' } });
    const used = await storageOf(p);
    expect(used.simulations).toBe(used.total);
    // Each create is weighed at an upper bound of its row: what is stored never passes the quota.
    expect(statuses.filter((status) => status === 201).length).toBeGreaterThan(1);
    expect(used.total).toBeLessThanOrEqual(QUOTA);
    expect(refused.details.used + refused.details.cost).toBeGreaterThan(QUOTA);
    // A fork stores a row too, and is refused as well now the quota is full.
    const list = (await (await p.request('/v1/simulations', { key: 'key-a' })).json()) as Json;
    const fork = await p.request(`/v1/simulations/${list.data[0].id}/forks`, { key: 'key-a', body: { atTick: 0 } });
    expect(fork.status).toBe(422);
    expect(((await fork.json()) as Json).error.code).toBe('STORAGE_LIMIT_EXCEEDED');
    // Another organization's budget is its own.
    expect((await p.request('/v1/simulations', { key: 'key-b', body: { scenario: crowd } })).status).toBe(201);
  });

  it('counts an idempotent response against the organization it acted for: a long run as a reference of a few hundred bytes', async () => {
    const p = await open({ tiers: TIERS, idempotency: { inlineMaxBytes: 1024 } });
    const res = await p.request('/v1/simulations/run', {
      key: 'key-a',
      body: { scenarioId: 'tiny-valley', ticks: 30 },
      headers: { 'Idempotency-Key': 'counted', Accept: 'application/x-ndjson' },
    });
    expect(res.status).toBe(201);
    const body = await res.arrayBuffer();
    expect(body.byteLength).toBeGreaterThan(10_000);
    const used = await storageOf(p);
    expect(used.idempotentResponses).toBeGreaterThan(0);
    expect(used.idempotentResponses).toBeLessThan(1_000);
  });
});
