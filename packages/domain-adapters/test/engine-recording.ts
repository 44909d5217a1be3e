import { Simulation, type EngineEvent, type ScenarioInput } from '@sim/engine';

/** Everything a run emits, one JSON line per event and per trace step, in emission order. */
export interface Recording {
  lines: string[];
  events: EngineEvent[];
  /** `state.domain` after each tick, as the trace steps carry it. */
  domains: unknown[];
}

/** Steps `sim` `ticks` ticks and records what it emits. */
export function record(sim: Simulation, ticks: number): Recording {
  const recording: Recording = { lines: [], events: [], domains: [] };
  sim.step(ticks, {
    onEvent: (event) => {
      recording.events.push(event);
      recording.lines.push(JSON.stringify(event));
    },
    onStep: (step) => {
      recording.domains.push((step.state as { domain?: unknown }).domain);
      recording.lines.push(JSON.stringify(step));
    },
  });
  return recording;
}

/** A fresh simulation of `scenario` on the default engine version, stepped `ticks` ticks. */
export function recordRun(scenario: ScenarioInput, ticks: number): Recording {
  return record(Simulation.create(scenario), ticks);
}

/** The verdicts of every prophecy on basin `attractor`, as `tick:verdict`. */
export function verdictsOn(recording: Recording, attractor: string): string[] {
  return recording.events.flatMap((event) => {
    if (event.type !== 'prophecy') return [];
    const basins = (event.data.data as { basins?: Record<string, { attribution?: { verdict?: string } }> }).basins ?? {};
    const verdict = basins[attractor]?.attribution?.verdict;
    return verdict === undefined ? [] : [`${event.data.tick}:${verdict}`];
  });
}

/** The tick each basin was lost at, by attractor id. */
export function lossTicks(recording: Recording): Map<string, number> {
  const losses = new Map<string, number>();
  for (const event of recording.events) if (event.type === 'loss') losses.set(event.data.attractor, event.data.tick);
  return losses;
}
