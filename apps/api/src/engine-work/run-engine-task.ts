import { Simulation, type EngineEvent, type ScheduledInput, type StepObserver, type TraceStep } from '@sim/engine';
import type { AdvanceResult, AdvanceTask, EngineTask, EngineTaskResult, ReplayResult, ReplayTask } from './engine-task.js';

/** The outcome of an advance, once its ticks are computed (shared by the worker and the in-process runner). */
export function advanceResult(simulation: Simulation, advanced: number, events: EngineEvent[], steps: TraceStep[]): AdvanceResult {
  return {
    kind: 'advanced',
    advanced,
    events,
    steps,
    snapshot: simulation.snapshot(),
    state: simulation.state(),
    tick: simulation.tick,
    completed: simulation.completed,
    ticksPerSecond: simulation.ticksPerSecond,
  };
}

/** The observer that gathers an advance's events (and steps when asked). */
export function advanceObserver(keepSteps: boolean): { observer: StepObserver; events: EngineEvent[]; steps: TraceStep[] } {
  const events: EngineEvent[] = [];
  const steps: TraceStep[] = [];
  const observer: StepObserver = { onEvent: (event) => events.push(event) };
  if (keepSteps) observer.onStep = (step) => steps.push(step);
  return { observer, events, steps };
}

function advance(task: AdvanceTask): AdvanceResult {
  const simulation = Simulation.restore(task.snapshot);
  const { observer, events, steps } = advanceObserver(task.keepSteps);
  const advanced = simulation.step(task.ticks, observer);
  return advanceResult(simulation, advanced, events, steps);
}

/**
 * A stretch of replay. Inputs are queued exactly as the engine's own replay does (each just
 * before the tick it applied at), and a snapshot between two ticks holds no queued input, so
 * replaying in stretches gives the same ticks, byte for byte, as one uninterrupted replay.
 */
function replay(task: ReplayTask, now: () => number): ReplayResult {
  const simulation = 'scenario' in task.from ? Simulation.create(task.from.scenario, { engineVersion: task.from.engineVersion }) : Simulation.restore(task.from.snapshot);
  const inputs = [...task.inputs].sort((a, b) => a.tick - b.tick).filter((input) => input.tick > simulation.tick);
  const deadline = now() + task.budgetMs;
  const steps: ReplayResult['steps'] = [];
  let step: TraceStep | null;
  const events: EngineEvent[] = [];
  const onEvent: StepObserver['onEvent'] = task.keepEvents === true ? (event) => events.push(event) : undefined;
  const capture: StepObserver = onEvent === undefined ? { onStep: (s) => (step = s) } : { onStep: (s) => (step = s), onEvent };
  const uncaptured: StepObserver = onEvent === undefined ? {} : { onEvent };
  let next = 0;
  let output = 0;
  do {
    if (simulation.tick >= task.untilTick || simulation.completed) break;
    const tick = simulation.tick + 1;
    while (next < inputs.length && (inputs[next] as ScheduledInput).tick <= tick) simulation.enqueue((inputs[next++] as ScheduledInput).input);
    step = null;
    simulation.step(1, tick >= task.stepsFromTick ? capture : uncaptured);
    const built = step as TraceStep | null;
    if (built === null) steps.push(null);
    else if (task.format === 'object') {
      steps.push(built);
      output += 1;
    } else {
      const json = JSON.stringify(built);
      steps.push(json);
      output += json.length;
    }
  } while (now() < deadline && output < task.maxOutput);
  return { kind: 'replayed', steps, tick: simulation.tick, ended: simulation.completed && simulation.tick < task.untilTick, snapshot: simulation.snapshot(), events };
}

/**
 * Runs one engine task to its end. Pure apart from reading the clock to bound a replay
 * stretch (which changes where a stretch ends, never what is computed). The worker's whole
 * body; the in-process runner calls it too.
 */
export function runEngineTask(task: EngineTask, now: () => number = () => performance.now()): EngineTaskResult {
  return task.kind === 'advance' ? advance(task) : replay(task, now);
}
