import { AsyncLocalStorage } from 'node:async_hooks';

/** What every log line written while serving one request carries (docs/operations.md, "Logs"). */
export interface LogContext {
  requestId: string;
}

const context = new AsyncLocalStorage<LogContext>();

/** Runs `task` with `fields` on every log line written from it, across its awaits. */
export function withLogContext<T>(fields: LogContext, task: () => T): T {
  return context.run(fields, task);
}

/** The fields of the request being served, if any. */
export function currentLogContext(): LogContext | undefined {
  return context.getStore();
}
