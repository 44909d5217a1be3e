import type { AgentSnapshot, TraceStep } from '@sim/engine';
import type { LifecycleStatus } from '../simulations/lifecycle.js';
import { sampleAgents } from './agent-sample.js';
import { tickEventData } from './event-payloads.js';
import { packAgents, rosterOf } from './packed-agents.js';
import { eventFrame, type SseFrame } from './sse-frame.js';
import { variantKey, type TickVariant } from './tick-variant.js';

/** One tick in one variant; each form is encoded on first use, then shared. */
export interface EncodedTick {
  /** `key`: the form a packed subscriber needs after a gap (ids included); other variants ignore it. */
  frame(key: boolean): SseFrame;
}

function once<T>(build: () => T): () => T {
  let value: T | undefined;
  let built = false;
  return () => {
    if (!built) {
      value = build();
      built = true;
    }
    return value as T;
  };
}

/**
 * Encodes the ticks of one variant, in order (live: one per simulation channel and variant in
 * use; replay: one per stream). It remembers the roster of the previous tick so a packed frame
 * leaves the ids out only when they have not changed.
 */
export class TickEncoder {
  private roster: string | undefined;

  constructor(readonly variant: TickVariant) {}

  encode(id: number, step: TraceStep, status: LifecycleStatus): EncodedTick {
    const { variant } = this;
    const full = tickEventData(step, status);
    if (variant.agents === 'all' && variant.encoding === 'json') {
      // The interface's tick event, byte for byte what it was before variants existed.
      const frame = once(() => eventFrame(id, 'tick', full));
      return { frame };
    }
    const { agents: all, ...aggregates } = full;
    if (variant.agents === 'none') {
      const frame = once(() => eventFrame(id, 'tick', aggregates));
      return { frame };
    }
    const agents: readonly AgentSnapshot[] = variant.agents === 'all' ? all : sampleAgents(all, variant.agents);
    if (variant.encoding === 'json') {
      const frame = once(() => eventFrame(id, 'tick', { ...aggregates, agents }));
      return { frame };
    }
    const roster = rosterOf(agents);
    const changed = roster !== this.roster;
    this.roster = roster;
    const key = once(() => eventFrame(id, 'tick', { ...aggregates, packed: packAgents(agents, step.state.attractors, roster, true) }));
    const delta = changed ? key : once(() => eventFrame(id, 'tick', { ...aggregates, packed: packAgents(agents, step.state.attractors, roster, false) }));
    return { frame: (wantKey) => (wantKey ? key() : delta()) };
  }
}

/** A tick's frames for every variant a channel's subscribers use, keyed by variantKey. */
export class TickFrames {
  constructor(
    readonly id: number,
    private readonly encoded: ReadonlyMap<string, EncodedTick>,
  ) {}

  frame(variant: TickVariant, key: boolean): SseFrame {
    const tick = this.encoded.get(variantKey(variant));
    if (tick === undefined) throw new Error(`no encoder for tick variant ${variantKey(variant)}`);
    return tick.frame(key);
  }
}
