import type { TraceStep } from '@sim/engine';
import { agentColumnsOf, agentsJsonOf, carriesAgents, sampledAgentsJsonOf } from '../engine-data/compact-step.js';
import type { LifecycleStatus } from '../simulations/lifecycle.js';
import { sampleIndices } from '../engine-data/agent-sample.js';
import { tickAggregatesData } from './event-payloads.js';
import { packAgents } from './packed-agents.js';
import { rosterOf } from '../engine-data/agent-roster.js';
import { eventFrame, eventFrameFromParts, type SseFrame } from './sse-frame.js';
import { variantKey, type TickVariant } from './tick-variant.js';

/** One tick in one variant; each form is encoded on first use, then shared. */
export interface EncodedTick {
  /**
   * `key`: the form a packed subscriber needs after a gap (ids included); other variants ignore
   * it. Undefined when the tick cannot be had in this variant: a JSON variant of a tick whose
   * agents were handed over as columns only (computed while no stream took them as JSON, and
   * delivered after one joined, which only a join that stopped waiting for a catch-up from
   * another process sees); the stream skips that tick.
   */
  frame(key: boolean): SseFrame | undefined;
}

const UNAVAILABLE: EncodedTick = { frame: () => undefined };

/** The tick event as JSON.stringify would write `{ ...aggregates, agents }`, the agents' JSON copied in as given. */
function tickWithAgents(id: number, aggregates: object, agentsJson: string | Uint8Array): SseFrame {
  return eventFrameFromParts(id, 'tick', [`${JSON.stringify(aggregates).slice(0, -1)},"agents":`, agentsJson, '}']);
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
 * leaves the ids out only when they have not changed, and the sample it drew for that roster.
 * The agents are read as the step's JSON text and columns (see CompactStep), never as objects
 * unless a JSON sample needs them.
 */
export class TickEncoder {
  /** The roster of the previous packed frame. */
  private roster: string | undefined;
  /** The roster of every agent when the sample was drawn, and the sample's positions among them (undefined: every agent). */
  private allRoster: string | undefined;
  private sample: number[] | undefined;

  constructor(readonly variant: TickVariant) {}

  encode(id: number, step: TraceStep, status: LifecycleStatus): EncodedTick {
    const { variant } = this;
    const aggregates = tickAggregatesData(step, status);
    if (variant.agents === 'none') {
      const frame = once(() => eventFrame(id, 'tick', aggregates));
      return { frame };
    }
    if (variant.encoding === 'json' && !carriesAgents(step)) return UNAVAILABLE;
    if (variant.agents === 'all' && variant.encoding === 'json') {
      // The interface's tick event: the aggregates, then every agent, as JSON.stringify writes them.
      const frame = once(() => tickWithAgents(id, aggregates, agentsJsonOf(step)));
      return { frame };
    }
    const columns = agentColumnsOf(step);
    if (variant.agents !== 'all') {
      // The sample depends on the ids alone: drawn again only when they change.
      if (columns.roster !== this.allRoster) this.sample = sampleIndices(columns.ids, variant.agents);
      this.allRoster = columns.roster;
    }
    const sample = variant.agents === 'all' ? undefined : this.sample;
    if (variant.encoding === 'json') {
      // A sample's agents cut out of the tick's JSON: one subscriber per sample size used to
      // parse and stringify them on the event loop every tick.
      const frame = once(() => tickWithAgents(id, aggregates, sample === undefined ? agentsJsonOf(step) : sampledAgentsJsonOf(step, sample)));
      return { frame };
    }
    const ids = sample === undefined ? columns.ids : sample.map((i) => columns.ids[i] as string);
    const roster = sample === undefined ? columns.roster : rosterOf(ids);
    const changed = roster !== this.roster;
    this.roster = roster;
    const pack = (withIds: boolean) =>
      eventFrame(id, 'tick', { ...aggregates, packed: packAgents(columns, sample, step.state.attractors.length, roster, withIds ? ids : null) });
    const key = once(() => pack(true));
    const delta = changed ? key : once(() => pack(false));
    return { frame: (wantKey) => (wantKey ? key() : delta()) };
  }
}

/** A tick's frames for every variant a channel's subscribers use, keyed by variantKey. */
export class TickFrames {
  constructor(
    readonly id: number,
    private readonly encoded: ReadonlyMap<string, EncodedTick>,
  ) {}

  frame(variant: TickVariant, key: boolean): SseFrame | undefined {
    const tick = this.encoded.get(variantKey(variant));
    if (tick === undefined) throw new Error(`no encoder for tick variant ${variantKey(variant)}`);
    return tick.frame(key);
  }
}
