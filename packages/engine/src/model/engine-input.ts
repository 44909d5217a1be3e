import type { Decree, DecreeInput } from '../schemas/decree.js';
import type { Policy } from '../schemas/policy.js';

/**
 * Something from outside that changes the simulation, queued between ticks and applied at the
 * start of the next one in the order received. `ref` is the caller's handle (the API passes the
 * decree id) and comes back in the event that reports it.
 *
 * @example
 * for (const input of sim.pendingInputs()) if (input.kind === 'decree') console.log(input.decree.type, input.ref);
 */
export type EngineInput =
  { kind: 'decree'; decree: Decree; ref?: string | null } | { kind: 'policy'; agentId: string; policy: Policy; ref?: string | null } | ReseedInput;

/**
 * Restarts the world's random streams from `seed` at the start of the tick it applies at, as if
 * the simulation had been created with that seed: every draw from then on (motion, environment,
 * prophecy branches) comes from the new seed, while the state it applies to is kept. A fork
 * reseeded this way is a replication of its parent's future (docs/engine.md, "Reseeding").
 *
 * @example
 * sim.enqueue({ kind: 'reseed', seed: 9 });
 */
export interface ReseedInput {
  kind: 'reseed';
  seed: number;
}

/**
 * An input with the tick at which it applied: one entry of the log that replays a simulation.
 *
 * @example
 * const entry: ScheduledInput = { tick: 12, input: { kind: 'policy', agentId: 'a1', policy: { lambda: 2 } } };
 */
export interface ScheduledInput {
  tick: number;
  input: EngineInput;
}

/**
 * An input as a caller writes it, before the engine fills in defaults.
 *
 * @example
 * sim.enqueue({ kind: 'decree', decree: { type: 'shock', payload: { x: 3, y: 4, radius: 5, magnitude: 0.5 } }, ref: 'my-shock' });
 */
export type EngineInputDraft =
  { kind: 'decree'; decree: DecreeInput; ref?: string | null } | { kind: 'policy'; agentId: string; policy: Policy; ref?: string | null } | ReseedInput;
