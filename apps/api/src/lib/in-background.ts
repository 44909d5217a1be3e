import { consoleLogger, type Logger } from './logger.js';

/**
 * Starts work nobody waits for (a sweep, a renewal on a timer, reading the rest of a body after
 * its client left) and logs its failure rather than leaving a rejection unhandled, which would
 * end the process. The only way to leave a promise unawaited that the linter accepts
 * (eslint.config.js, `no-floating-promises` with `void` not excused). The work keeps its own
 * error handling; this is the last net, so `message` says what failed. Without a logger the
 * failure goes to the console.
 */
export function inBackground(work: Promise<unknown>, logger: Logger | undefined, message: string, fields?: Record<string, unknown>): void {
  work.catch((error: unknown) => (logger ?? consoleLogger).error(message, { ...fields, error: String(error) }));
}
