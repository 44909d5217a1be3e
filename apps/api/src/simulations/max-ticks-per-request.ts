/**
 * The most ticks one request may ask to compute (`ticks` of a step or a run): a step batched with
 * others (StepBatches) never makes a larger advance than this either.
 */
export const MAX_TICKS_PER_REQUEST = 10_000;
