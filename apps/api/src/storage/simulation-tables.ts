/**
 * The simulation feature's tables. JSON columns are text on every dialect, so the same SQL
 * runs on SQLite and PostgreSQL; timestamps are ISO 8601 strings.
 */
export interface SimulationsTable {
  id: string;
  organization_id: string;
  scenario_id: string;
  engine_version: string;
  /** The runnable scenario (ScenarioInput JSON), replayed by GET trace. */
  scenario: string;
  status: string;
  tick: number;
  /** A `Simulation.snapshot()` of the head or of a tick before it; a step resumes from it. */
  snapshot: string;
  /** The tick of `snapshot`: the head (`tick`) is that many ticks past it, computed again on a restore. */
  snapshot_tick: number;
  /** The engine state at `tick` (EngineState JSON), so reads need no engine. */
  state: string;
  playback_speed: number;
  /** Optimistic concurrency: bumped by every change; a change names the version it read. */
  version: number;
  /** Last sequence numbers handed out, per simulation. */
  input_seq: number;
  event_seq: number;
  created_at: string;
  updated_at: string;
  /** A fork's parent and the tick it branched at; null for a simulation created from a scenario. */
  parent_id: string | null;
  parent_at_tick: number | null;
  /**
   * 1 for a fork that shares its parent's history up to parent_at_tick (reads below it resolve
   * through the parent); 0 for a root, and for a fork made before sharing (it holds copies).
   */
  history_shared: number;
  /** For a sharing fork: how many of its events (seq 1…n) and prophecies are its parent's. */
  inherited_events: number;
  inherited_prophecies: number;
  /** Bytes of the history this simulation stored (docs/api.md, "Storage budget"); bigint: a string from pg. */
  events_bytes: number | string;
  prophecies_bytes: number | string;
  checkpoints_bytes: number | string;
}

/** The append-only input log: decrees and policy changes with the tick at which each applies. */
export interface SimulationInputsTable {
  simulation_id: string;
  seq: number;
  tick: number;
  /** EngineInput JSON, with `ref` = the decree id where there is one. */
  input: string;
}

export interface DecreesTable {
  id: string;
  simulation_id: string;
  seq: number;
  tick: number;
  type: string;
  payload: string;
  created_at: string;
}

export interface PropheciesTable {
  id: string;
  simulation_id: string;
  seq: number;
  tick: number;
  data: string;
  created_at: string;
}

/** Every event except per-tick records, with a per-simulation increasing `seq` (SSE ids). */
export interface SimulationEventsTable {
  simulation_id: string;
  seq: number;
  type: string;
  tick: number;
  data: string;
  created_at: string;
}

/** Engine snapshots at regular ticks, where replays start (docs/api.md, "Checkpoints"). */
export interface SimulationCheckpointsTable {
  simulation_id: string;
  tick: number;
  /** The snapshot's JSON, deflated. */
  snapshot: Uint8Array;
}

export interface SimulationTables {
  simulations: SimulationsTable;
  simulation_inputs: SimulationInputsTable;
  decrees: DecreesTable;
  prophecies: PropheciesTable;
  simulation_events: SimulationEventsTable;
  simulation_checkpoints: SimulationCheckpointsTable;
}
