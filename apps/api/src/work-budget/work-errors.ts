import type { Tier } from '../identity/auth-context.js';
import { ApiError } from '../lib/api-error.js';
import { rateLimitHeaders } from '../rate-limit/rate-limit-headers.js';
import type { RateLimitDecision } from '../rate-limit/rate-limiter.js';
import type { WorkEstimate } from './work-cost.js';

const count = (n: number): string => n.toLocaleString('en-US');

/**
 * 422 WORK_LIMIT_EXCEEDED: the request asks more engine work than one request of the tier may.
 * Nothing ran; the same request will be refused again (ask fewer ticks, or a higher tier).
 */
export function workCeilingError(estimate: WorkEstimate, ceiling: number, tier: Tier, scope: 'request' | 'history' | 'experiment' | 'run' = 'request'): ApiError {
  const per = {
    request: 'per request',
    history: 'for a history replay (one compute window)',
    experiment: 'for all the runs of an experiment (one compute window)',
    run: 'per run of an experiment (the per-request ceiling)',
  }[scope];
  const what = scope === 'run' ? 'Its costliest run costs' : 'This request costs';
  return new ApiError(
    422,
    'WORK_LIMIT_EXCEEDED',
    `${what} ${count(estimate.cost)} agent-ticks; the ${tier} tier allows at most ${count(ceiling)} ${per}`,
    { cost: estimate.cost, ceiling, tier, unit: 'agent-ticks', estimate: { ...estimate } },
  );
}

/**
 * 429 RATE_LIMITED of the compute class: the identity's window has less left than this request
 * costs. X-RateLimit-* and Retry-After describe the compute window; a smaller request may pass.
 */
export function computeLimitedError(estimate: WorkEstimate, decision: RateLimitDecision): ApiError {
  return new ApiError(
    429,
    'RATE_LIMITED',
    `This request costs ${count(estimate.cost)} agent-ticks; ${count(decision.remaining)} of ${count(decision.limit)} are left in this ${decision.windowSeconds} s window; retry in ${decision.retryAfter} s`,
    { routeClass: 'compute', cost: estimate.cost, limit: decision.limit, remaining: decision.remaining, windowSeconds: decision.windowSeconds, retryAfter: decision.retryAfter, resetAt: decision.resetAt, unit: 'agent-ticks' },
    { ...rateLimitHeaders(decision), 'Retry-After': String(decision.retryAfter) },
  );
}

/** 422 WORK_LIMIT_EXCEEDED for `play`: the playback rate costs more per second than the tier sustains. */
export function playbackRateError(costPerSecond: number, ticksPerSecond: number, sustained: number, tier: Tier): ApiError {
  return new ApiError(
    422,
    'WORK_LIMIT_EXCEEDED',
    `Playing at ${count(ticksPerSecond)} ticks/s costs ${count(costPerSecond)} agent-ticks per second; the ${tier} tier sustains at most ${count(sustained)} per second (its compute window over the window); lower the speed`,
    { cost: costPerSecond, ceiling: sustained, tier, unit: 'agent-ticks per second', ticksPerSecond },
  );
}

/**
 * 503 WORK_CANCELLED: the work stopped before it finished (the client went away, or the server
 * is stopping). Nothing of it was stored. Usually nobody is left to read it.
 */
export function workCancelledError(): ApiError {
  return new ApiError(503, 'WORK_CANCELLED', 'The request was cancelled before its work finished; nothing of it was stored');
}
