import { Simulation, type ScheduledInput, type ScenarioInput, type TraceStep } from '@sim/engine';

/**
 * The trace of a stored simulation, recomputed tick by tick on demand. Same algorithm as the
 * engine's `replay()` (each input queued just before the tick it applies at), but pulled one
 * step at a time so a streamed response holds one step in memory, not the whole trace.
 */
export function* replaySteps(scenario: ScenarioInput, engineVersion: string, inputs: readonly ScheduledInput[], ticks: number): Generator<TraceStep, void, void> {
  const simulation = Simulation.create(scenario, { engineVersion });
  const byTick = [...inputs].sort((a, b) => a.tick - b.tick);
  let next = 0;
  while (simulation.tick < ticks && !simulation.completed) {
    while (next < byTick.length && (byTick[next] as ScheduledInput).tick <= simulation.tick + 1) {
      simulation.enqueue((byTick[next] as ScheduledInput).input);
      next++;
    }
    let step: TraceStep | undefined;
    simulation.step(1, { onStep: (s) => (step = s) });
    if (step === undefined) return;
    yield step;
  }
}
