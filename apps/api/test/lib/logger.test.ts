import { Hono } from 'hono';
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createLogger, type LogFormat } from '../../src/lib/logger.js';
import { requestId } from '../../src/lib/request-id.js';
import { errorHandler } from '../../src/http/error-handler.js';

/**
 * The logs (docs/operations.md, "Logs"): one JSON object per line, the line of a request's
 * unhandled error carrying its X-Request-Id (set by Hono's request-id middleware), and
 * readable lines instead when asked for (a terminal, or SIM_LOG_FORMAT=pretty).
 */

function capture(format: LogFormat): { logger: ReturnType<typeof createLogger>; lines: () => string[] } {
  const out = new PassThrough();
  let text = '';
  out.on('data', (chunk: Buffer) => (text += chunk.toString()));
  return { logger: createLogger({ format, destination: out }), lines: () => text.split('\n').filter((line) => line !== '') };
}

describe('the logger', () => {
  it('writes one JSON object per line, with the level, the message and the fields', () => {
    const { logger, lines } = capture('json');
    logger.info('scenarios: 3 loaded from ./scenarios');
    logger.error('background write failed', { error: 'disk full' });
    const [info, error] = lines().map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(info).toMatchObject({ level: 30, msg: 'scenarios: 3 loaded from ./scenarios' });
    expect(info).not.toHaveProperty('requestId');
    expect(error).toMatchObject({ level: 50, msg: 'background write failed', error: 'disk full' });
    expect(typeof error?.time).toBe('number');
  });

  it('carries the request id on the line of an unhandled error, the one the response carries', async () => {
    const { logger, lines } = capture('json');
    const app = new Hono();
    app.use('*', requestId());
    app.onError(errorHandler(logger));
    app.get('/work', async () => {
      await new Promise((resolve) => setTimeout(resolve, 5));
      throw new Error('disk on fire');
    });
    const given = await app.request('/work', { headers: { 'X-Request-Id': 'trace.42:a' } });
    const generated = await app.request('/work');
    expect(given.status).toBe(500);
    expect(given.headers.get('X-Request-Id')).toBe('trace.42:a');
    const id = generated.headers.get('X-Request-Id');
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(((await generated.json()) as { error: { requestId: string } }).error.requestId).toBe(id);
    const parsed = lines().map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(parsed.map((line) => [line.msg, line.requestId, line.path])).toEqual([
      ['unhandled error', 'trace.42:a', '/work'],
      ['unhandled error', id, '/work'],
    ]);
    expect(String(parsed[0]?.error)).toContain('disk on fire');
  });

  it('replaces a request id that is too long or unprintable, and logs the one it answers', async () => {
    const { logger, lines } = capture('json');
    const app = new Hono();
    app.use('*', requestId());
    app.onError(errorHandler(logger));
    app.get('/', () => {
      throw new Error('served badly');
    });
    const res = await app.request('/', { headers: { 'X-Request-Id': 'x'.repeat(201) } });
    const answered = res.headers.get('X-Request-Id');
    expect(answered).not.toBe('x'.repeat(201));
    expect(JSON.parse(lines()[0] as string)).toMatchObject({ msg: 'unhandled error', requestId: answered });
  });

  it('writes readable lines, not JSON, in the pretty format', () => {
    const { logger, lines } = capture('pretty');
    logger.info('listening on http://127.0.0.1:3000', { port: 3000 });
    const [line, field] = lines();
    expect(line).toMatch(/^\[\d\d:\d\d:\d\d\.\d{3}\] INFO.*: listening on http:\/\/127\.0\.0\.1:3000$/);
    expect(field).toMatch(/port: 3000/);
    expect(() => JSON.parse(line as string)).toThrow();
  });
});
