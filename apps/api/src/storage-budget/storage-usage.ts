/** An organization's stored bytes by kind (docs/api.md, "Storage budget"). */
export interface StorageUsage {
  /** Each simulation's own row: its scenario, its latest snapshot and its state. */
  simulations: number;
  events: number;
  prophecies: number;
  checkpoints: number;
  /** Responses kept under an Idempotency-Key until they expire. */
  idempotentResponses: number;
  /** Its experiments' own rows: each one's spec and a fixed part (EXPERIMENT_FIXED_BYTES). */
  experiments: number;
  /** The runs of its experiments: each run's metrics in each copy, and a fixed part (RUN_FIXED_BYTES). */
  experimentResults: number;
  total: number;
}

export interface StorageUsageReader {
  /** What `organizationId` stores now (`nowMs`: idempotency records expired by then no longer count). */
  storageUsage(organizationId: string, nowMs: number): Promise<StorageUsage>;
}

export const noStorageUsage: StorageUsageReader = {
  async storageUsage() {
    return { simulations: 0, events: 0, prophecies: 0, checkpoints: 0, idempotentResponses: 0, experiments: 0, experimentResults: 0, total: 0 };
  },
};
