import { describe, expect, it } from 'vitest';
import { DEFAULT_TIER_LIMITS, type TierLimitsTable } from '../../src/identity/tier-limits.js';
import { playbackClock } from '../../src/live/playback-clock.js';
import { estimateStoredBytes } from '../../src/storage-budget/storage-cost.js';
import { protectedAppsClosedAfterEach, type ProtectedApp } from '../idempotency/support/protected-app.js';
import { tinyValleyEveryTick } from '../helpers/tiny-valley.js';

/**
 * Playback and the storage budget (docs/api.md, "Storage budget"): `play` weighs only its first
 * minute, and a playing simulation stores for as long as it plays. Each advance of the clock is
 * weighed like a step of its ticks; once the organization has no room for them, the simulation
 * pauses with `reason: "storage-limit"` instead of storing past the quota.
 *
 * tiny-valley (6 agents, 2 attractors, a prophecy every 5 ticks) plays at 10 ticks a second; the
 * quota admits its first minute with a little to spare, and another simulation of the same
 * organization, prophesying every tick, fills the rest with steps.
 */

type Json = any;
const PLAY_MINUTE = estimateStoredBytes({ agents: 6, attractors: 2, prophecyInterval: 5 }, 600);
const QUOTA = PLAY_MINUTE + 20_000;
const TIERS: TierLimitsTable = { ...DEFAULT_TIER_LIMITS, free: { ...DEFAULT_TIER_LIMITS.free, storage: { quotaBytes: QUOTA } } };
const open = protectedAppsClosedAfterEach();

async function created(p: ProtectedApp, body: Json): Promise<string> {
  const res = await p.request('/v1/simulations', { key: 'key-a', body });
  expect(res.status).toBe(201);
  return ((await res.json()) as { id: string }).id;
}

const view = async (p: ProtectedApp, id: string): Promise<Json> => ((await (await p.request(`/v1/simulations/${id}`, { key: 'key-a' })).json()) as Json).state;
const storedTotal = async (p: ProtectedApp): Promise<number> => ((await (await p.request('/v1/usage', { key: 'key-a-usage' })).json()) as Json).storage.total;

async function until(condition: () => Promise<boolean>, ms = 10_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await condition())) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('playback and the storage budget', () => {
  it('pauses a playing simulation, saying why, once its organization has no room for the ticks due', async () => {
    const p = await open({ tiers: TIERS, rateLimits: false, playback: playbackClock() });
    const playing = await created(p, { scenarioId: 'tiny-valley' });
    const filler = await created(p, { scenario: tinyValleyEveryTick() });
    // Nothing is stored yet: the first minute fits.
    expect((await p.request(`/v1/simulations/${playing}/time-control`, { method: 'PUT', key: 'key-a', body: { action: 'play' } })).status).toBe(200);

    // The other simulation fills the quota until not even one of its ticks fits. Any advance of
    // the playing one is weighed at least as much as that tick (one prophecy, one checkpoint).
    let steps = 0;
    for (const ticks of [40, 8, 1]) {
      for (;;) {
        const res = await p.request(`/v1/simulations/${filler}/step`, { key: 'key-a', body: { ticks } });
        if (res.status === 422) {
          expect(((await res.json()) as Json).error.code).toBe('STORAGE_LIMIT_EXCEEDED');
          break;
        }
        expect(res.status).toBe(200);
        expect(++steps, 'the quota fills up').toBeLessThan(500);
      }
    }

    // Before: the clock went on storing past the quota for as long as it played.
    await until(async () => (await view(p, playing)).status === 'paused');
    const { tick } = await view(p, playing);
    const events = await p.storage.simulations.listEvents(playing, 0, 10_000);
    const statuses = events.filter((event) => event.type === 'simulation:status').map((event) => event.data);
    expect(statuses.at(-1)).toEqual({ status: 'paused', previous: 'playing', tick, reason: 'storage-limit' });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect((await view(p, playing)).tick, 'the clock stopped').toBe(tick);
    expect(await storedTotal(p)).toBeLessThanOrEqual(QUOTA);

    // Playing again is refused up front until there is room for its first minute.
    const again = await p.request(`/v1/simulations/${playing}/time-control`, { method: 'PUT', key: 'key-a', body: { action: 'play' } });
    expect(again.status).toBe(422);
    expect(((await again.json()) as Json).error).toMatchObject({ code: 'STORAGE_LIMIT_EXCEEDED', details: { quota: QUOTA, unit: 'bytes' } });
    expect((await view(p, playing)).status).toBe('paused');
  }, 30_000);
});
