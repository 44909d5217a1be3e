/** Now, in milliseconds of the database's clock: every process compares times on one clock. */
export const NOW_MS = `(extract(epoch from clock_timestamp()) * 1000)::bigint`;
