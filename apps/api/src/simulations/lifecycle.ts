import { z } from '@hono/zod-openapi';
import { EngineStateSchema } from '@sim/engine';

/**
 * idle (created) → playing ⇄ paused → completed | failed (docs/api.md, "Lifecycle"). The
 * engine knows only running/completed; the API reports this lifecycle in `state.status` instead.
 */
export const LifecycleStatusSchema = z
  .enum(['idle', 'playing', 'paused', 'completed', 'failed'])
  .openapi('SimulationStatus', { description: 'idle → playing ⇄ paused → completed | failed; active = idle, playing or paused' });
export type LifecycleStatus = z.infer<typeof LifecycleStatusSchema>;

export const SimulationStateSchema = EngineStateSchema.extend({ status: LifecycleStatusSchema }).meta({
  id: 'SimulationState',
  description: 'The engine state at the current tick; `status` is the lifecycle status',
});

const ACTIVE: ReadonlySet<LifecycleStatus> = new Set(['idle', 'playing', 'paused']);

/** Step, decree, agent-policy and time-control need an active simulation. */
export function isActive(status: LifecycleStatus): boolean {
  return ACTIVE.has(status);
}
