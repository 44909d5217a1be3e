import type { ScenarioInput } from '@sim/engine';
import { scenarioJson } from '../engine-data/scenario-json.js';

/**
 * At most the bytes a simulation's own row stores (its scenario, snapshot and state), known
 * before anything runs: its scenario twice, 8 bytes a cell (the terrain), 300 an agent and
 * 8 KiB. Every pre-built scenario's row is a third to a half of it (crowded-large: 449 KB of
 * 1.12 MB). An upper bound, so that a count reused within its second stays above what is
 * stored (docs/api.md, "Storage budget").
 */
export function rowBytes(scenario: ScenarioInput): number {
  const { width, height } = scenario.initialState;
  return 2 * Buffer.byteLength(scenarioJson(scenario)) + 8 * width * height + 300 * scenario.agents.length + 8_192;
}
