import type { TierLimitsTable } from '../identity/tier-limits.js';
import type { StreamSlots } from '../coordination/coordination.js';
import type { LiveHub } from './live-channel.js';
import type { QueueBudget } from './queue-budget.js';
import type { SubscriberLimits } from './sse-subscriber.js';

/** Settings of the SSE stream; every member has a default. */
export interface LiveOptions {
  /** The live feeds; pass one to close every stream at shutdown (LiveHub.close). */
  hub?: LiveHub;
  /** Heartbeat interval; default 30 000 (SIM_SSE_HEARTBEAT_MS). */
  heartbeatMs?: number;
  /** The `retry:` sent at the start of each stream; default 3000. */
  retryMs?: number;
  /** Open streams per organization; default a limiter of its own. */
  streams?: StreamSlots;
  /** `concurrentStreams` per tier; default free 2, pro 20, enterprise 200 (docs/api.md, "Events", "Limits"). */
  tiers?: TierLimitsTable;
  /** Backlog after which a slow subscriber is degraded or dropped. */
  subscriberLimits?: SubscriberLimits;
  /**
   * The bytes every stream of the process may hold for its client, shared by the simulation and
   * experiment streams; default a budget of DEFAULT_PROCESS_QUEUE_BYTES (SIM_SSE_PROCESS_QUEUE_BYTES).
   */
  budget?: QueueBudget;
}
