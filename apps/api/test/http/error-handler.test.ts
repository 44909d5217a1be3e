import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { EngineTaskCancelled } from '../../src/engine-work/engine-runner.js';
import { errorHandler } from '../../src/http/error-handler.js';
import type { Logger } from '../../src/lib/logger.js';

function appThrowing(error: unknown, logged: string[]): Hono {
  const logger: Logger = { info: () => undefined, warn: () => undefined, error: (message) => logged.push(message) };
  const app = new Hono();
  app.onError(errorHandler(logger));
  app.get('/', () => {
    throw error;
  });
  return app;
}

describe('errorHandler', () => {
  it('answers an engine task cancelled anywhere (a step, a past state, a fork) as 503 WORK_CANCELLED, not as an unhandled 500', async () => {
    const logged: string[] = [];
    const res = await appThrowing(new EngineTaskCancelled(), logged).request('/');
    expect(res.status).toBe(503);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('WORK_CANCELLED');
    expect(logged).toEqual([]);
  });

  it('answers anything unexpected as 500 INTERNAL_ERROR without its message, and logs it', async () => {
    const logged: string[] = [];
    const res = await appThrowing(new Error('SELECT * FROM secrets'), logged).request('/');
    expect(res.status).toBe(500);
    const body = (await res.json()) as { error: { code: string; message: string } };
    expect(body.error.code).toBe('INTERNAL_ERROR');
    expect(body.error.message).not.toContain('SELECT');
    expect(logged).toEqual(['unhandled error']);
  });
});
