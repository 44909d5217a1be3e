import type { EngineEvent, StepObserver, TraceStep } from '@sim/engine';
import { uuidFromName } from '../lib/name-uuid.js';
import type { NewEvent, NewProphecy } from '../storage/simulation-store.js';

/** Namespace of prophecy ids: uuidFromName(namespace, `${simulationId}:${seq}`). */
const PROPHECY_NAMESPACE = 'sim/prophecy';

export function prophecyId(simulationId: string, seq: number): string {
  return uuidFromName(PROPHECY_NAMESPACE, `${simulationId}:${seq}`);
}

/**
 * Gathers what a step produces for storage: every engine event (stored, in order) and every
 * prophecy (also a row). Trace steps are kept only when `keepSteps` (someone is listening live).
 */
export class TickCollector {
  readonly events: NewEvent[] = [];
  readonly prophecies: NewProphecy[] = [];
  readonly steps: TraceStep[] = [];

  constructor(
    private readonly simulationId: string,
    private readonly createdAt: string,
    private readonly keepSteps: boolean,
  ) {}

  get observer(): StepObserver {
    const observer: StepObserver = { onEvent: (event) => this.onEvent(event) };
    if (this.keepSteps) observer.onStep = (step) => this.steps.push(step);
    return observer;
  }

  private onEvent(event: EngineEvent): void {
    this.events.push({ type: event.type, tick: event.data.tick, data: event.data });
    if (event.type === 'prophecy') {
      const { seq, tick, data } = event.data;
      this.prophecies.push({ id: prophecyId(this.simulationId, seq), seq, tick, data, createdAt: this.createdAt });
    }
  }
}
