import { Hono, type Context, type MiddlewareHandler } from 'hono';
import { describe, expect, it } from 'vitest';
import { inSequence } from '../../src/lib/in-sequence.js';

describe('inSequence', () => {
  it('runs the parts in order around the handler, as separate middlewares would run', async () => {
    const trail: string[] = [];
    const part =
      (name: string): MiddlewareHandler =>
      async (_c, next) => {
        trail.push(`${name} in`);
        await next();
        trail.push(`${name} out`);
      };
    const app = new Hono().get('/', inSequence([part('a'), part('b')]), (c) => {
      trail.push('handler');
      return c.text('ok');
    });
    expect(await (await app.request('/')).text()).toBe('ok');
    expect(trail).toEqual(['a in', 'b in', 'handler', 'b out', 'a out']);
  });

  it('a part that answers itself ends the request there', async () => {
    let handled = false;
    const answer: MiddlewareHandler = async (c) => c.text('from the part', 409);
    const app = new Hono().get('/', inSequence([async (_c, next) => next(), answer]), (c) => {
      handled = true;
      return c.text('handler');
    });
    const res = await app.request('/');
    expect([res.status, await res.text(), handled]).toEqual([409, 'from the part', false]);
  });

  it("a part's error becomes onError's response where it is thrown, and the parts before it carry on", async () => {
    const trail: string[] = [];
    const outer: MiddlewareHandler = async (c, next) => {
      await next();
      trail.push(`outer saw ${c.res.status}`);
      c.header('X-Outer', 'yes');
    };
    const refuse: MiddlewareHandler = async () => {
      throw new Error('refused');
    };
    const onError = (error: Error, c: Context) => c.text(`caught ${error.message}`, 401);
    const app = new Hono().get('/', inSequence([outer, refuse], onError), (c) => c.text('handler'));
    const res = await app.request('/');
    expect([res.status, await res.text(), res.headers.get('X-Outer'), trail]).toEqual([401, 'caught refused', 'yes', ['outer saw 401']]);
  });

  it("without onError, a part's error goes up to the app's error handler", async () => {
    const app = new Hono()
      .get(
        '/',
        inSequence([
          async () => {
            throw new Error('refused');
          },
        ]),
        (c) => c.text('handler'),
      )
      .onError((error, c) => c.text(`app caught ${error.message}`, 401));
    const res = await app.request('/');
    expect([res.status, await res.text()]).toEqual([401, 'app caught refused']);
  });

  it('leaves the route parameters where the validators look for them', async () => {
    const app = new Hono().get('/things/:id', inSequence([async (_c, next) => next(), async (_c, next) => next()]), (c) => c.text(c.req.param('id')));
    expect(await (await app.request('/things/abc')).text()).toBe('abc');
  });

  it("carries its parts' markers, so RouteMarks finds them on the route that holds the sequence", () => {
    const MARK = Symbol('mark');
    const marked: MiddlewareHandler = Object.assign(async (_c: Parameters<MiddlewareHandler>[0], next: Parameters<MiddlewareHandler>[1]) => next(), {
      [MARK]: true,
    });
    const sequence = inSequence([async (_c, next) => next(), marked]);
    expect(Object.getOwnPropertySymbols(sequence)).toEqual([MARK]);
  });
});
