import { describe, expect, it } from 'vitest';
import { WORLD_SETUP_TICKS } from '../../src/engine-data/work-cost.js';
import { SMALL_WORK_LIMITS } from '../helpers/small-work-limits.js';
import { ManualClock, protectedAppsClosedAfterEach } from '../idempotency/support/protected-app.js';

// Issue 23, finding 7: `states/{tick}` cost a worker tens of milliseconds on a large world and
// was charged nothing (tick 0) or one tick's agent-ticks. It now draws the world it builds or
// restores too (docs/api.md, "Engine work", "Cost model: agent-ticks").

type Json = any;
const open = protectedAppsClosedAfterEach();
const T0 = Date.parse('2030-01-01T00:00:10Z');

describe('GET …/states/{tick}', () => {
  it('draws the world it builds or restores from the compute window, and is refused when the window is spent', async () => {
    const clock = new ManualClock(T0);
    const p = await open({ tiers: SMALL_WORK_LIMITS, clock });
    // tiny-valley under 1.1.0: 6 agents, a prophecy every 5 ticks of 2 branches × 5 ticks.
    const created = await p.request('/v1/simulations', { key: 'key-a', body: { scenarioId: 'tiny-valley', engineVersion: '1.1.0' } });
    const id = ((await created.json()) as Json).id as string;
    expect((await p.request(`/v1/simulations/${id}/step`, { key: 'key-a', body: { ticks: 3 } })).status).toBe(200);
    clock.advance(3_600_000); // a fresh window of 500
    const setup = 6 * WORLD_SETUP_TICKS;

    const atZero = await p.request(`/v1/simulations/${id}/states/0`, { key: 'key-a' });
    expect(atZero.status).toBe(200);
    expect(atZero.headers.get('x-ratelimit-compute-remaining')).toBe(String(500 - setup));

    // Tick 2: replayed from tick 0 (no checkpoint yet), two ticks of 6 agents and the world.
    const atTwo = await p.request(`/v1/simulations/${id}/states/2`, { key: 'key-a' });
    expect(atTwo.status).toBe(200);
    expect(atTwo.headers.get('x-ratelimit-compute-remaining')).toBe(String(500 - setup - (6 * 2 + setup)));

    // What is left runs out: each read costs at least the world it restores.
    let last: Response | undefined;
    for (let i = 0; i < 10; i++) {
      last = await p.request(`/v1/simulations/${id}/states/0`, { key: 'key-a' });
      if (last.status !== 200) break;
    }
    expect(last?.status).toBe(429);
    expect(((await last?.json()) as Json).error.details).toMatchObject({ routeClass: 'compute', cost: setup });
  });
});
