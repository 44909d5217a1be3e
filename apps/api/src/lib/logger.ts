import pino from 'pino';
import pinoPretty from 'pino-pretty';

/** Where the app writes operational messages; tests pass a silent one. */
export interface Logger {
  info(message: string, fields?: Record<string, unknown>): void;
  warn(message: string, fields?: Record<string, unknown>): void;
  error(message: string, fields?: Record<string, unknown>): void;
}

/** `json`: one JSON object per line (pino's); `pretty`: one readable, coloured line per message. */
export type LogFormat = 'json' | 'pretty';

export interface LoggerOptions {
  /** Default: `pretty` when stdout is a terminal, else `json` (docs/operations.md, "Logs"). */
  format?: LogFormat | undefined;
  /** Where the lines go; default stdout. */
  destination?: NodeJS.WritableStream;
}

/**
 * The service's logger: pino, writing synchronously (the lines before an exit are never lost).
 * A line about a request carries its `requestId` as a field its writer passes (the error
 * handler does). Not through AsyncLocalStorage: on Node 20 it turns on promise hooks for every
 * promise of the process, which cost a read of a simulation about a third of its throughput
 * (docs/operations.md, "Logs").
 */
export function createLogger(options: LoggerOptions = {}): Logger {
  const format = options.format ?? (process.stdout.isTTY ? 'pretty' : 'json');
  const stream =
    format === 'pretty'
      ? pinoPretty({
          sync: true,
          colorize: options.destination === undefined && process.stdout.isTTY,
          translateTime: 'SYS:HH:MM:ss.l',
          ignore: 'pid,hostname',
          ...(options.destination ? { destination: options.destination } : {}),
        })
      : (options.destination ?? pino.destination({ dest: 1, sync: true }));
  const log = pino({ base: { pid: process.pid } }, stream);
  return {
    info: (message, fields) => (fields === undefined ? log.info(message) : log.info(fields, message)),
    warn: (message, fields) => (fields === undefined ? log.warn(message) : log.warn(fields, message)),
    error: (message, fields) => (fields === undefined ? log.error(message) : log.error(fields, message)),
  };
}

export const silentLogger: Logger = { info: () => {}, warn: () => {}, error: () => {} };
