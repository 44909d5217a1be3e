/** Rate-limit classes of the interface, plus SSE (counted per stream opened). */
export const ROUTE_CLASSES = ['create', 'step', 'read', 'sse'] as const;
export type RouteClass = (typeof ROUTE_CLASSES)[number];

/** What is counted per organization and UTC day. */
export const USAGE_METRICS = ['simulations_created', 'ticks_computed', 'requests_create', 'requests_step', 'requests_read', 'requests_sse'] as const;
export type UsageMetric = (typeof USAGE_METRICS)[number];

/**
 * Records usage for `GET /v1/usage`. Every method is synchronous and cheap (an in-memory
 * increment); the implementation writes in batches, so calling it on every request is fine.
 * It never throws into the request.
 *
 * @example
 * deps.usage.recordSimulationCreated(auth.organizationIds[0]);
 * deps.usage.recordTicks(simulation.organizationId, result.ticks);
 * deps.usage.recordRequest(organizationId, 'step');
 */
export interface UsageRecorder {
  recordRequest(organizationId: string, routeClass: RouteClass, at?: Date): void;
  recordSimulationCreated(organizationId: string, at?: Date): void;
  recordTicks(organizationId: string, ticks: number, at?: Date): void;
}

/** One UTC day of an organization's usage. */
export interface DailyUsage {
  /** `YYYY-MM-DD`, UTC. */
  date: string;
  simulationsCreated: number;
  ticksComputed: number;
  requests: Record<RouteClass, number>;
}

/** Reads what a UsageRecorder recorded, including what it has not written yet. */
export interface UsageReader {
  /** Days from `fromDay` to `toDay` inclusive (`YYYY-MM-DD`), one entry per day, zeros included. */
  dailyUsage(organizationId: string, fromDay: string, toDay: string): Promise<DailyUsage[]>;
}

/** A recorder with its batching exposed: main.ts closes it on shutdown so nothing is lost. */
export interface UsageLedger extends UsageRecorder, UsageReader {
  /** Writes everything recorded so far. */
  flush(): Promise<void>;
  /** Stops the timer and flushes. */
  close(): Promise<void>;
}

/** A recorder that drops everything: for tests and benchmarks that do not care. */
export const noopUsageRecorder: UsageRecorder = {
  recordRequest() {},
  recordSimulationCreated() {},
  recordTicks() {},
};
