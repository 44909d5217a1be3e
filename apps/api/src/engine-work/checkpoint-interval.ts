/**
 * Ticks between checkpoints when the operator sets none (SIM_CHECKPOINT_INTERVAL): about
 * 250 000 agent-ticks of replay at most before the first tick a read needs, rounded down to a
 * multiple of 50, between 100 and 1 000 ticks. A small world (250 agents or fewer) gets one
 * every 1 000 ticks, crowded-large (2 400 agents) one every 100. A checkpoint's size grows with
 * the world as a tick's cost does, so this bounds the replay of a read whatever the world,
 * at a storage cost per tick that grows with it (docs/api.md, "Checkpoints").
 */
export const CHECKPOINT_AGENT_TICKS = 250_000;
export const MIN_CHECKPOINT_INTERVAL = 100;
export const MAX_CHECKPOINT_INTERVAL = 1_000;

export function checkpointInterval(agents: number, override?: number): number {
  if (override !== undefined) return override;
  const ticks = Math.floor(CHECKPOINT_AGENT_TICKS / Math.max(1, agents) / 50) * 50;
  return Math.min(MAX_CHECKPOINT_INTERVAL, Math.max(MIN_CHECKPOINT_INTERVAL, ticks));
}
