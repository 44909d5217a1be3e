import { LIMITS, ScenarioSchema } from '@sim/engine';
import fc from 'fast-check';
import { expect, it } from 'vitest';
import type { DomainAdapter } from '../src/domain-adapter.js';
import { translate } from '../src/translate.js';

/**
 * The properties every adapter must have, over inputs drawn from `arbitrary`: every valid input
 * yields a scenario the engine accepts, within its limits, and translating is deterministic.
 */
export function checkAdapterProperties(adapter: DomainAdapter, arbitrary: fc.Arbitrary<Record<string, unknown>>, runs = 40): void {
  it('every valid input yields a scenario that passes the engine ScenarioSchema, within the engine limits', () => {
    fc.assert(
      fc.property(arbitrary, (raw) => {
        const input = adapter.inputSchema.safeParse(raw);
        expect(input.success, JSON.stringify(input.error?.issues)).toBe(true);
        const scenario = adapter.toScenario(input.data);
        const checked = ScenarioSchema.safeParse(scenario);
        expect(checked.success, JSON.stringify(checked.error?.issues.slice(0, 3))).toBe(true);
        expect(scenario.agents.length).toBeLessThanOrEqual(LIMITS.maxAgents);
        expect(scenario.initialState.attractors?.length).toBeLessThanOrEqual(LIMITS.maxAttractors);
        expect(scenario.initialState.width).toBeLessThanOrEqual(LIMITS.maxGridSide);
        expect(scenario.initialState.height).toBeLessThanOrEqual(LIMITS.maxGridSide);
        if (input.data !== null && typeof input.data === 'object' && 'seed' in input.data) expect(scenario.seed).toBe(input.data.seed);
      }),
      { numRuns: runs },
    );
  });

  it('translates deterministically', () => {
    fc.assert(
      fc.property(arbitrary, (raw) => {
        const first = translate(adapter.id, raw);
        expect(first.ok).toBe(true);
        expect(JSON.stringify(translate(adapter.id, structuredClone(raw)))).toBe(JSON.stringify(first));
      }),
      { numRuns: Math.ceil(runs / 4) },
    );
  });
}
