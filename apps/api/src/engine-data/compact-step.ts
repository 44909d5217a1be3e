import type { AgentSnapshot, AttractorState, TraceStep } from '@sim/engine';
import { rosterOf } from './agent-roster.js';

/** A tick's agents as columns, in the trace's order: what the packed and sampled encodings read. */
export interface AgentColumns {
  readonly ids: readonly string[];
  /** rosterOf(ids). */
  readonly roster: string;
  readonly x: Float64Array;
  readonly y: Float64Array;
  /** The index of the agent's basin in the step's `state.attractors`; -1 when it is in none. */
  readonly basin: Int32Array;
}

/**
 * A trace step as an advance hands it from the engine's thread to the event loop: everything but
 * the agents as is, the agents as their JSON (UTF-8 bytes) and as columns. Copying it between
 * threads is a few flat copies outside the JavaScript heap; the structured clone of 2 400 agent
 * objects (three objects and two strings each) took the event loop several milliseconds a tick
 * and filled its heap with objects that outlived the young generation, and the JSON as a string
 * (400 KB) would be allocated in the old generation at once.
 */
export interface CompactStep {
  readonly tick: number;
  readonly move: string;
  readonly state: TraceStep['state'];
  readonly warning: TraceStep['warning'];
  readonly loss: TraceStep['loss'];
  /** `JSON.stringify(step.agents)`, UTF-8; null when no stream takes the agents as JSON (they are then not kept). */
  readonly agentsJson: Uint8Array | null;
  /**
   * Where each agent's JSON starts in `agentsJson`, and one entry more: agent `i` is the bytes
   * from `agentOffsets[i]` up to the `,` (or, for the last, the `]`) at `agentOffsets[i + 1] - 1`.
   * A sample is then cut out of the bytes, never parsed on the event loop. Null with the JSON.
   */
  readonly agentOffsets: Uint32Array | null;
  readonly columns: AgentColumns;
}

const encoder = new TextEncoder();
const decoder = new TextDecoder();

export function agentColumns(agents: readonly AgentSnapshot[], attractors: readonly AttractorState[]): AgentColumns {
  const index = new Map(attractors.map((a, i) => [a.id, i]));
  const ids = new Array<string>(agents.length);
  const x = new Float64Array(agents.length);
  const y = new Float64Array(agents.length);
  const basin = new Int32Array(agents.length);
  agents.forEach((agent, i) => {
    ids[i] = agent.id;
    x[i] = agent.state.x;
    y[i] = agent.state.y;
    basin[i] = agent.state.basin === null ? -1 : (index.get(agent.state.basin) ?? -1);
  });
  return { ids, roster: rosterOf(ids), x, y, basin };
}

/**
 * `JSON.stringify(agents)` as UTF-8 (its own buffer: a small Buffer would be a view of a shared
 * pool, all of which a clone copies), written agent by agent, which gives the same text: an array
 * is `[`, its elements' JSON joined by `,`, and `]`. Ids are ASCII (EntityIdSchema), so every
 * character is one byte and the offsets are the text's; were one not, there are no offsets and a
 * sample is read from the parsed agents.
 */
function agentsJsonWithOffsets(agents: readonly AgentSnapshot[]): { json: Uint8Array; offsets: Uint32Array | null } {
  const parts = agents.map((agent) => JSON.stringify(agent));
  const offsets = new Uint32Array(parts.length + 1);
  let at = 1;
  parts.forEach((part, i) => {
    offsets[i] = at;
    at += part.length + 1;
  });
  offsets[parts.length] = at;
  const text = `[${parts.join(',')}]`;
  const json = encoder.encode(text);
  return { json, offsets: json.length === text.length ? offsets : null };
}

/** Runs where the step was computed (the worker); `withJson`: keep the agents as JSON too. */
export function compactStep(step: TraceStep, withJson: boolean): CompactStep {
  const json = withJson ? agentsJsonWithOffsets(step.agents) : null;
  return {
    tick: step.tick,
    move: step.move,
    state: step.state,
    warning: step.warning,
    loss: step.loss,
    agentsJson: json?.json ?? null,
    agentOffsets: json?.offsets ?? null,
    columns: agentColumns(step.agents, step.state.attractors),
  };
}

/**
 * A compact step on the event loop, usable wherever a TraceStep is: its agents are parsed from
 * their JSON only if something reads them; the live encoders read the JSON and the columns. A
 * step built without the JSON (no stream took it) has no agent objects: reading them throws.
 */
export class CompactTraceStep implements TraceStep {
  readonly tick: number;
  readonly move: string;
  readonly state: TraceStep['state'];
  readonly warning: TraceStep['warning'];
  readonly loss: TraceStep['loss'];
  private parsed: AgentSnapshot[] | undefined;

  constructor(readonly compact: CompactStep) {
    this.tick = compact.tick;
    this.move = compact.move;
    this.state = compact.state;
    this.warning = compact.warning;
    this.loss = compact.loss;
  }

  get agents(): AgentSnapshot[] {
    return (this.parsed ??= JSON.parse(decoder.decode(this.agentsJson)) as AgentSnapshot[]);
  }

  /** The agents' JSON (UTF-8). */
  get agentsJson(): Uint8Array {
    if (this.compact.agentsJson === null) throw new Error(`tick ${this.tick}: its agents were handed over as columns only (no stream took them as JSON)`);
    return this.compact.agentsJson;
  }

  /** As the step it stands for (`JSON.stringify` does not read getters). */
  toJSON(): TraceStep {
    return { tick: this.tick, move: this.move, state: this.state, warning: this.warning, loss: this.loss, agents: this.agents };
  }
}

/** Whether a step has its agents as objects (and JSON): every step but a compact one built without them. */
export function carriesAgents(step: TraceStep): boolean {
  return !(step instanceof CompactTraceStep) || step.compact.agentsJson !== null;
}

/** The agents' JSON (UTF-8) of any step, compact or not. */
export function agentsJsonOf(step: TraceStep): Uint8Array {
  return step instanceof CompactTraceStep ? step.agentsJson : encoder.encode(JSON.stringify(step.agents));
}

/**
 * The JSON of the agents at `sample` (positions in the step's order), in that order, as the
 * UTF-8 pieces of `JSON.stringify(sample.map((i) => step.agents[i]))`: cut out of a compact
 * step's JSON without parsing it; for any other step, stringified from its agent objects.
 */
export function sampledAgentsJsonOf(step: TraceStep, sample: readonly number[]): string | Uint8Array {
  if (!(step instanceof CompactTraceStep) || step.compact.agentOffsets === null) {
    const all = step.agents;
    return JSON.stringify(sample.map((i) => all[i]));
  }
  const json = step.agentsJson;
  const offsets = step.compact.agentOffsets;
  // `[`, each agent's bytes followed by `,` (the last by `]`): its length known, copied once.
  let length = 1;
  for (const i of sample) length += (offsets[i + 1] as number) - (offsets[i] as number);
  const out = new Uint8Array(Math.max(2, length));
  out[0] = OPEN;
  let at = 1;
  for (const i of sample) {
    const start = offsets[i] as number;
    const end = (offsets[i + 1] as number) - 1;
    out.set(json.subarray(start, end), at);
    at += end - start;
    out[at++] = COMMA;
  }
  out[Math.max(1, at - 1)] = CLOSE;
  return out;
}
const OPEN = 0x5b;
const COMMA = 0x2c;
const CLOSE = 0x5d;

/** The agents' columns of any step, compact or not. */
export function agentColumnsOf(step: TraceStep): AgentColumns {
  return step instanceof CompactTraceStep ? step.compact.columns : agentColumns(step.agents, step.state.attractors);
}
