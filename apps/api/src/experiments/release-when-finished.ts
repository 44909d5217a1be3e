import type { StorageReservation } from '../storage-budget/storage-budget.js';
import type { ExperimentFeed } from './experiment-feed.js';
import { EXPERIMENT_STATUSES, isUnfinished, type ExperimentStatus } from './experiment-status.js';

const isStatus = (value: unknown): value is ExperimentStatus => (EXPERIMENT_STATUSES as readonly unknown[]).includes(value);

/**
 * Holds an experiment's storage reservation until it finishes (completed, failed or cancelled:
 * its results are then all written and counted), as its status events say
 * (docs/api.md, "Storage budget"). Attach before the experiment is queued, so no status is missed.
 */
export function releaseWhenFinished(feed: ExperimentFeed, experimentId: string, reservation: StorageReservation): void {
  let stopListening = (): void => {};
  let stopWaitingForClose = (): void => {};
  let finished = false;
  const finish = (): void => {
    finished = true;
    reservation.release();
    stopListening();
    stopWaitingForClose();
  };
  stopListening = feed.listen(experimentId, (event) => {
    if (event.type === 'experiment:status' && isStatus(event.data.status) && !isUnfinished(event.data.status)) finish();
  });
  // At shutdown nothing more is written here; the reservation, in this process's memory, goes with it.
  stopWaitingForClose = feed.onClose(finish);
  // A status that came while listening began (a feed that replays what it has): stop at once.
  if (finished) finish();
}
