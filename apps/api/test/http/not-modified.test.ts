import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { jsonOnce } from '../../src/http/json-once.js';
import { notModified } from '../../src/http/not-modified.js';

function app(): Hono {
  const value = Object.freeze({ id: 'a', tick: 3 });
  const hono = new Hono();
  hono.get('/tagged', notModified, (c) => jsonOnce(c, value, 200, { tagged: true }));
  return hono;
}

describe('notModified', () => {
  it('answers 304 to the current tag, with the tag, and no body or Content-Type', async () => {
    const hono = app();
    const ok = await hono.request('/tagged');
    const tag = ok.headers.get('etag');
    expect(tag).toMatch(/^"[A-Za-z0-9_-]{27}"$/);
    expect(await ok.json()).toEqual({ id: 'a', tick: 3 });

    const res = await hono.request('/tagged', { headers: { 'If-None-Match': tag as string } });
    expect(res.status).toBe(304);
    expect(await res.text()).toBe('');
    expect(res.headers.get('etag')).toBe(tag);
    expect(res.headers.get('content-type')).toBeNull();
    // Its rate-limit headers come from the app's own middleware: test/rate-limit/rate-limit.test.ts.
  });

  it('answers 200 with the body to another tag, and to none', async () => {
    const hono = app();
    for (const headers of [{ 'If-None-Match': '"stale"' }, {}] as Record<string, string>[]) {
      const res = await hono.request('/tagged', { headers });
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ id: 'a', tick: 3 });
    }
  });
});
