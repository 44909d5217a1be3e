import { DEFAULT_TIER_LIMITS, type TierLimitsTable } from '../../src/identity/tier-limits.js';

/**
 * Work limits small enough that a test's arithmetic is visible: per-request ceiling and
 * compute window per tier, free 200 / 500, pro 2 000 / 5 000, enterprise 10 000 / 100 000
 * agent-ticks; every other limit is the default.
 */
export const SMALL_WORK_LIMITS: TierLimitsTable = {
  free: { ...DEFAULT_TIER_LIMITS.free, work: { ceiling: 200, perWindow: 500 } },
  pro: { ...DEFAULT_TIER_LIMITS.pro, work: { ceiling: 2_000, perWindow: 5_000 } },
  enterprise: { ...DEFAULT_TIER_LIMITS.enterprise, work: { ceiling: 10_000, perWindow: 100_000 } },
};
