import type { Decree, DecreeInput } from '../schemas/decree.js';
import type { Policy } from '../schemas/policy.js';

/**
 * Something from outside that changes the simulation, queued between ticks and applied at the
 * start of the next one in the order received. `ref` is the caller's handle (the API passes the
 * decree id) and comes back in the event that reports it.
 */
export type EngineInput =
  | { kind: 'decree'; decree: Decree; ref?: string | null }
  | { kind: 'policy'; agentId: string; policy: Policy; ref?: string | null };

/** An input with the tick at which it applied: one entry of the log that replays a simulation. */
export interface ScheduledInput {
  tick: number;
  input: EngineInput;
}

/** An input as a caller writes it, before the engine fills in defaults. */
export type EngineInputDraft =
  | { kind: 'decree'; decree: DecreeInput; ref?: string | null }
  | { kind: 'policy'; agentId: string; policy: Policy; ref?: string | null };
