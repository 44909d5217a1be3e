/** Table `rate_limit_counters`: the current fixed window of one bucket (identity and route class). */
export interface RateLimitCountersTable {
  bucket: string;
  /** Unix seconds of the window's start (bigint: a string from pg). */
  window_start: number | string;
  count: number;
}

export interface RateLimitTables {
  rate_limit_counters: RateLimitCountersTable;
}
