import { describe, expect, it } from 'vitest';
import { WORLD_SETUP_FREE_CELLS, WORLD_SETUP_TICKS, WORLD_SETUP_TICKS_PER_CELL } from '../../src/engine-data/work-cost.js';
import { ManualClock, protectedAppsClosedAfterEach, type ProtectedApp } from '../idempotency/support/protected-app.js';

// A probe's 1 000 one-tick experiment runs of one agent on 256 × 256 cells were charged 25 000
// agent-ticks for 13 s of a worker, and a one-tick step there 25 for 15 to 20 ms: building,
// restoring or resuming a world costs by its grid too, and is now charged for the cells beyond
// 64 × 64 (docs/api.md, "Cost model: agent-ticks").

type Json = any;
const open = protectedAppsClosedAfterEach();
const T0 = Date.parse('2030-01-01T00:00:10Z');

const oneAgentOn = (side: number) => ({
  seed: 1,
  agents: [{ id: 'a', marker: { x: 1, y: 1 } }],
  initialState: { width: side, height: side, attractors: [{ id: 'w', x: 3, y: 3, depth: 1, radius: 1, capacity: 5 }] },
  rules: { prophecyInterval: 0 },
});
const remaining = (res: Response): number => Number(res.headers.get('x-ratelimit-compute-remaining'));

/** What a create and then a one-tick step of the world draw from the compute window, left `before` them. */
async function charges(p: ProtectedApp, side: number, before?: number): Promise<{ create: number; step: number; left: number }> {
  const created = await p.request('/v1/simulations', { key: 'key-a', body: { scenario: oneAgentOn(side) } });
  expect(created.status).toBe(201);
  // A fresh window before the first request: its limit.
  before ??= Number(created.headers.get('x-ratelimit-compute-limit'));
  const id = ((await created.json()) as Json).id as string;
  const step = await p.request(`/v1/simulations/${id}/step`, { key: 'key-a', body: { ticks: 1 } });
  expect(step.status).toBe(200);
  return { create: before - remaining(created), step: remaining(created) - remaining(step), left: remaining(step) };
}

describe('a world is charged by its grid', () => {
  it('charges the cells beyond 64 × 64 wherever a world is built or resumed, and nothing for smaller grids', async () => {
    const p = await open({ clock: new ManualClock(T0) });
    const grid = (side: number) => Math.ceil(Math.max(0, side * side - WORLD_SETUP_FREE_CELLS) * WORLD_SETUP_TICKS_PER_CELL);
    expect(grid(64)).toBe(0);
    expect(grid(256)).toBe(92_160);
    const small = await charges(p, 64);
    expect(small).toMatchObject({ create: WORLD_SETUP_TICKS, step: 1 + WORLD_SETUP_TICKS });
    expect(await charges(p, 256, small.left)).toMatchObject({ create: WORLD_SETUP_TICKS + grid(256), step: 1 + WORLD_SETUP_TICKS + grid(256) });
  });
});
