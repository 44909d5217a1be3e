import { eventJsonOf, type EncodedEngineEvent } from '../engine-data/encoded-event.js';
import { TimeSlices } from '../engine-work/time-slices.js';
import { uuidFromName } from '../lib/name-uuid.js';
import { jsonEvent, jsonProphecy, type NewEvent, type NewProphecy } from './simulation-store.js';

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

  /**
   * Takes the engine's events, in the order it reported them, as the text they are stored as;
   * in slices that let the event loop turn (a long step reports tens of thousands).
   */
  async take(events: readonly EncodedEngineEvent[]): Promise<void> {
    const slices = new TimeSlices();
    for (const event of events) {
      this.onEvent(event);
      await slices.pause();
    }
  }

  private onEvent(event: EncodedEngineEvent): void {
    this.events.push(jsonEvent(event.type, event.tick, eventJsonOf(event)));
    if ('prophecy' in event) {
      const { seq, dataJson } = event.prophecy;
      this.prophecies.push(jsonProphecy({ id: prophecyId(this.simulationId, seq), seq, tick: event.tick, createdAt: this.createdAt }, dataJson));
    }
  }
}
