import { describe, expect, it } from 'vitest';
import { protectedAppsClosedAfterEach } from '../idempotency/support/protected-app.js';
import { SMALL_WORK_LIMITS } from '../helpers/small-work-limits.js';

const open = protectedAppsClosedAfterEach();

type Json = any;

/** One agent beside one bank: a world whose model's step is worth 40 agent-ticks (bank-run's workPerTick). */
function oneBank(domain: boolean) {
  return {
    seed: 1,
    agents: [{ id: 'depositor', marker: { x: 2, y: 2 } }],
    initialState: { width: 8, height: 8, attractors: [{ id: 'bank', x: 4, y: 4, depth: 1, radius: 2, capacity: 10 }] },
    rules: { prophecyInterval: 0 },
    ...(domain ? { domain: { model: 'bank-run', parameters: { banks: [{ name: 'Only', site: 'bank', deposits: 100, liquid: 30, illiquid: 70 }] } } } : {}),
  };
}

describe('a domain model is weighed as the agents its step is worth', () => {
  it('charges one agent beside a bank as 41 agents, and refuses what one agent alone would be allowed', async () => {
    const p = await open({ tiers: SMALL_WORK_LIMITS });
    const run = (domain: boolean, ticks: number) => p.request('/v1/simulations/run', { key: 'key-a', body: { scenario: oneBank(domain), ticks } });
    // Alone, the agent's run of 3 ticks fits the free ceiling (200 agent-ticks) …
    expect((await run(false, 3)).status).toBe(201);
    // … beside the bank, the same run must be refused before any work.
    const refused = await run(true, 3);
    expect(refused.status).toBe(422);
    const withBank = (await refused.json()) as Json;
    expect(withBank.error.code).toBe('WORK_LIMIT_EXCEEDED');
    // Both long enough to be refused, the costs compare exactly: every cost is linear in the agents.
    const bare = (await (await run(false, 1_000)).json()) as Json;
    const banked = (await (await run(true, 1_000)).json()) as Json;
    expect(bare.error.code).toBe('WORK_LIMIT_EXCEEDED');
    expect(banked.error.details.cost).toBe(41 * bare.error.details.cost);
  });
});
