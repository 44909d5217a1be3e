import { OpenAPIHono } from '@hono/zod-openapi';
import type { MiddlewareHandler } from 'hono';
import { describe, expect, it } from 'vitest';
import { matchedRouteCarries, RouteMarks } from '../../src/lib/route-markers.js';

const MARK = Symbol('mark');
const marked: MiddlewareHandler = Object.assign(async (_c: Parameters<MiddlewareHandler>[0], next: Parameters<MiddlewareHandler>[1]) => next(), {
  [MARK]: true,
});

/** An app whose app-wide middleware records, per request, whether the matched route carries MARK. */
function appSeeingMarks(mount: (marks: RouteMarks, app: OpenAPIHono) => void) {
  const seen: Record<string, boolean> = {};
  const marks = new RouteMarks();
  const app = new OpenAPIHono();
  app.use('*', marks.provide());
  app.use('*', async (c, next) => {
    seen[`${c.req.method} ${c.req.path}`] = matchedRouteCarries(c, MARK);
    await next();
  });
  mount(marks, app);
  return { app, seen };
}

describe('RouteMarks', () => {
  it('finds the marker on the routes whose chain carries it, by method and path, before the chain runs', async () => {
    const { app, seen } = appSeeingMarks((marks, app) => {
      const router = new OpenAPIHono();
      router.post('/things/:id', marked, (c) => c.text('ok'));
      router.post('/plain', (c) => c.text('ok'));
      marks.mount(app, router);
    });
    await app.request('/things/42', { method: 'POST' });
    await app.request('/plain', { method: 'POST' });
    await app.request('/things/42');
    await app.request('/nowhere', { method: 'POST' });
    expect(seen).toEqual({ 'POST /things/42': true, 'POST /plain': false, 'GET /things/42': false, 'POST /nowhere': false });
  });

  it('finds it on a router with its own error handler, whose handlers Hono wraps when mounting', async () => {
    const { app, seen } = appSeeingMarks((marks, app) => {
      const router = new OpenAPIHono();
      router.post('/marked', marked, (c) => c.text('ok'));
      router.onError((_error, c) => c.text('router caught', 500));
      marks.mount(app, router);
    });
    await app.request('/marked', { method: 'POST' });
    expect(seen).toEqual({ 'POST /marked': true });
  });

  it('sees no marker in an app that provides no marks', async () => {
    const app = new OpenAPIHono();
    let carries: boolean | undefined;
    app.use('*', async (c, next) => {
      carries = matchedRouteCarries(c, MARK);
      await next();
    });
    app.post('/marked', marked, (c) => c.text('ok'));
    await app.request('/marked', { method: 'POST' });
    expect(carries).toBe(false);
  });
});
