import { createLogger, type Logger } from './logger.js';

/** The service's logger, made at the first failure that comes without one. */
let fallback: Logger | undefined;

/**
 * Starts work nobody waits for (a sweep, a renewal on a timer, reading the rest of a body after
 * its client left) and logs its failure rather than leaving a rejection unhandled, which would
 * end the process. The only way to leave a promise unawaited that the linter accepts
 * (eslint.config.js, `no-floating-promises` with `void` not excused). The work keeps its own
 * error handling; this is the last net, so `message` says what failed. Without a logger the
 * failure goes to a logger of the service's default format (docs/operations.md, "Logs").
 */
export function inBackground(work: Promise<unknown>, logger: Logger | undefined, message: string, fields?: Record<string, unknown>): void {
  work.catch((error: unknown) => (logger ?? (fallback ??= createLogger())).error(message, { ...fields, error: String(error) }));
}
