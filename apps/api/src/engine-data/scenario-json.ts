import type { ScenarioInput } from '@sim/engine';

/** Each scenario's JSON, written once for the object it was written of. */
const written = new WeakMap<ScenarioInput, string>();

/**
 * A scenario's JSON text, written once: sizing its row, storing it and sending it to the
 * engine's thread all need it (for ten thousand agents, 10 ms of the event loop a writing).
 * Scenarios are not changed once resolved; one that were would keep its first text.
 */
export function scenarioJson(scenario: ScenarioInput): string {
  let text = written.get(scenario);
  if (text === undefined) {
    text = JSON.stringify(scenario);
    written.set(scenario, text);
  }
  return text;
}

/** Tells scenarioJson the text another thread wrote of an equal value (the request thread writes a long body's scenario). */
export function writtenElsewhere(scenario: ScenarioInput, text: string): void {
  written.set(scenario, text);
}
