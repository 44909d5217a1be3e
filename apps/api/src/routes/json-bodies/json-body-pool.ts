import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Piscina } from 'piscina';
import { longBodiesBusy, type JsonBodyChecker, type JsonBodyOutcome } from '../../lib/off-loop-json.js';
import type { CanonicalBody, JsonBodyTask } from './json-body-worker.js';

/**
 * The body thread's module. Bundled (`pnpm start`), this file is part of dist/main.js and the
 * worker is dist/json-body-worker.js beside it; from the TypeScript sources (dev, tests) it is
 * json-body-worker.ts beside this file, loaded through tsx's loader.
 */
function workerModule(): { filename: string; execArgv: string[] } {
  const fromSources = import.meta.url.endsWith('.ts');
  const filename = fileURLToPath(new URL(fromSources ? './json-body-worker.ts' : './json-body-worker.js', import.meta.url));
  if (!fromSources) return { filename, execArgv: [] };
  const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
  return { filename, execArgv: ['--conditions=@sim/source', '--import', tsx] };
}

/** How long the body thread stays up without a body to check: started again by the next (about 0.1 s, bundled). */
const IDLE_MS = 30_000;
/** Long bodies waiting for the thread (up to 64 MiB of text); past it: 503 ENGINE_BUSY. */
const MAX_WAITING = 64;

export interface JsonBodyPool {
  check: JsonBodyChecker;
  /** An Idempotency-Key's reading of a long body (idempotency/canonical-json.ts's parseBody), there. */
  canonical(text: string): Promise<CanonicalBody>;
  close(): Promise<void>;
}

/**
 * One thread, started by the first long JSON body and ended after IDLE_MS without one, that
 * parses and validates long bodies (lib/off-loop-json.ts). Its memory is spent only while long
 * bodies come; a server that never gets one never starts it.
 */
export function createJsonBodyPool(): JsonBodyPool {
  let pool: Piscina<JsonBodyTask, JsonBodyOutcome | CanonicalBody> | undefined;
  const started = (): Piscina<JsonBodyTask, JsonBodyOutcome | CanonicalBody> => {
    pool ??= new Piscina<JsonBodyTask, JsonBodyOutcome | CanonicalBody>({
      ...workerModule(),
      minThreads: 0,
      maxThreads: 1,
      idleTimeout: IDLE_MS,
      maxQueue: MAX_WAITING,
    });
    return pool;
  };
  return {
    async check(operationId, text) {
      const threads = started();
      if (threads.queueSize >= MAX_WAITING) return { kind: 'busy', limit: MAX_WAITING };
      return (await threads.run({ operationId, text })) as JsonBodyOutcome;
    },
    async canonical(text) {
      const threads = started();
      if (threads.queueSize >= MAX_WAITING) throw longBodiesBusy(MAX_WAITING);
      return (await threads.run({ canonical: true, text })) as CanonicalBody;
    },
    async close() {
      await pool?.destroy();
      pool = undefined;
    },
  };
}
