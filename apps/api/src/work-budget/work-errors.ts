import type { Tier } from '../identity/auth-context.js';
import { ApiError } from '../lib/api-error.js';
import { rateLimitHeaders } from '../rate-limit/rate-limit-headers.js';
import type { RateLimitDecision } from '../rate-limit/rate-limiter.js';
import type { PlaybackAsk } from './playback-ask.js';
import type { WorkEstimate } from '../engine-data/work-cost.js';

const count = (n: number): string => n.toLocaleString('en-US');

/**
 * 422 WORK_LIMIT_EXCEEDED: the request asks more engine work than one request of the tier may.
 * Nothing ran; the same request will be refused again (ask fewer ticks, or a higher tier).
 */
export function workCeilingError(
  estimate: WorkEstimate,
  ceiling: number,
  tier: Tier,
  scope: 'request' | 'history' | 'experiment' | 'run' = 'request',
): ApiError {
  const per = {
    request: 'per request',
    history: 'for a history replay (one compute window)',
    experiment: 'for all the runs of an experiment (one compute window)',
    run: 'per run of an experiment (the per-request ceiling)',
  }[scope];
  const what = scope === 'run' ? 'Its costliest run costs' : 'This request costs';
  return new ApiError(422, 'WORK_LIMIT_EXCEEDED', `${what} ${count(estimate.cost)} agent-ticks; the ${tier} tier allows at most ${count(ceiling)} ${per}`, {
    cost: estimate.cost,
    ceiling,
    tier,
    unit: 'agent-ticks',
    estimate: { ...estimate },
  });
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
    {
      routeClass: 'compute',
      cost: estimate.cost,
      limit: decision.limit,
      remaining: decision.remaining,
      windowSeconds: decision.windowSeconds,
      retryAfter: decision.retryAfter,
      resetAt: decision.resetAt,
      unit: 'agent-ticks',
    },
    { ...rateLimitHeaders(decision), 'Retry-After': String(decision.retryAfter) },
  );
}

/**
 * 422 WORK_LIMIT_EXCEEDED for `play`: the identity's playing simulations, this one at the asked
 * speed included, cost more per second than the tier sustains. `cost` is the sum.
 */
export function playbackRateError(ask: PlaybackAsk, sustained: number, tier: Tier): ApiError {
  const total = ask.costPerSecond + ask.others.costPerSecond;
  const others =
    ask.others.playing === 0
      ? ''
      : `, ${count(total)} with the ${ask.others.playing} other simulation${ask.others.playing === 1 ? '' : 's'} this caller plays (${count(ask.others.costPerSecond)})`;
  return new ApiError(
    422,
    'WORK_LIMIT_EXCEEDED',
    `Playing at ${count(ask.ticksPerSecond)} ticks/s costs ${count(ask.costPerSecond)} agent-ticks per second${others}; the ${tier} tier sustains at most ${count(sustained)} per second (its compute window over the window); lower the speed${ask.others.playing === 0 ? '' : ' or pause another simulation'}`,
    {
      cost: total,
      ceiling: sustained,
      tier,
      unit: 'agent-ticks per second',
      ticksPerSecond: ask.ticksPerSecond,
      ...(ask.others.playing === 0 ? {} : { simulation: ask.costPerSecond, otherPlaying: ask.others.playing, others: ask.others.costPerSecond }),
    },
  );
}

/**
 * 422 WORK_LIMIT_EXCEEDED for `play`: one tick of the simulation (a prophecy tick) costs more
 * than the tier's per-request ceiling. Playing computes such ticks whole, as a step would, so
 * the ceiling of a step applies. At any speed; lighter prophecy rules or a higher tier only.
 */
export function playbackTickError(tick: WorkEstimate, ceiling: number, tier: Tier): ApiError {
  return new ApiError(
    422,
    'WORK_LIMIT_EXCEEDED',
    `One tick of this simulation costs up to ${count(tick.cost)} agent-ticks (a prophecy tick); the ${tier} tier allows at most ${count(ceiling)} per request, and playback computes every tick whole; lower the prophecy rules or use a higher tier`,
    { cost: tick.cost, ceiling, tier, unit: 'agent-ticks', estimate: { ...tick } },
  );
}

/**
 * 503 WORK_CANCELLED: the work stopped before it finished (the client went away, or the server
 * is stopping). Nothing of it was stored. Usually nobody is left to read it.
 */
export function workCancelledError(): ApiError {
  return new ApiError(503, 'WORK_CANCELLED', 'The request was cancelled before its work finished; nothing of it was stored');
}
