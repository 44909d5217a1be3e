/** docs/api.md, "Experiments", "Statuses": queued → running → completed | failed | cancelled. */
export const EXPERIMENT_STATUSES = ['queued', 'running', 'completed', 'failed', 'cancelled'] as const;
export type ExperimentStatus = (typeof EXPERIMENT_STATUSES)[number];

/** Still to be computed (resumed at the next start after a crash). */
export const isUnfinished = (status: ExperimentStatus): boolean => status === 'queued' || status === 'running';
