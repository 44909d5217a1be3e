import type { EngineEvent } from '@sim/engine';
import { uuidFromName } from '../lib/name-uuid.js';
import type { NewEvent, NewProphecy } from './simulation-store.js';

/** Namespace of prophecy ids: uuidFromName(namespace, `${simulationId}:${seq}`). */
const PROPHECY_NAMESPACE = 'sim/prophecy';

export function prophecyId(simulationId: string, seq: number): string {
  return uuidFromName(PROPHECY_NAMESPACE, `${simulationId}:${seq}`);
}

/**
 * Turns what a step produced into rows for storage: every engine event (stored, in order) and
 * every prophecy (also a row).
 */
export class TickCollector {
  readonly events: NewEvent[] = [];
  readonly prophecies: NewProphecy[] = [];

  constructor(
    private readonly simulationId: string,
    private readonly createdAt: string,
  ) {}

  /** Takes the engine's events, in the order it reported them. */
  take(events: readonly EngineEvent[]): void {
    for (const event of events) this.onEvent(event);
  }

  private onEvent(event: EngineEvent): void {
    this.events.push({ type: event.type, tick: event.data.tick, data: event.data });
    if (event.type === 'prophecy') {
      const { seq, tick, data } = event.data;
      this.prophecies.push({ id: prophecyId(this.simulationId, seq), seq, tick, data, createdAt: this.createdAt });
    }
  }
}
