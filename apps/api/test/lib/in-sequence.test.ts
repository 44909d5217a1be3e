import { Hono, type Context, type MiddlewareHandler } from 'hono';
import { describe, expect, it } from 'vitest';
import { aroundNext, asOneSequence, beforeNext, inSequence } from '../../src/lib/in-sequence.js';

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
    expect((sequence as unknown as Record<symbol, unknown>)[MARK]).toBe(true);
  });

  it('runs beforeNext checks in their place among the other parts, awaiting an asynchronous one', async () => {
    const trail: string[] = [];
    const around: MiddlewareHandler = async (_c, next) => {
      trail.push('around in');
      await next();
      trail.push('around out');
    };
    const app = new Hono().get(
      '/',
      inSequence([
        beforeNext(() => void trail.push('first')),
        around,
        beforeNext(async () => {
          await new Promise((resolve) => setTimeout(resolve, 1));
          trail.push('second, later');
        }),
        beforeNext(() => void trail.push('third')),
      ]),
      (c) => {
        trail.push('handler');
        return c.text('ok');
      },
    );
    expect(await (await app.request('/')).text()).toBe('ok');
    expect(trail).toEqual(['first', 'around in', 'second, later', 'third', 'handler', 'around out']);
  });

  it("a beforeNext refusal becomes onError's response there: nothing after it runs, the parts before it carry on", async () => {
    const trail: string[] = [];
    const outer: MiddlewareHandler = async (c, next) => {
      await next();
      trail.push(`outer saw ${c.res.status}`);
    };
    const onError = (error: Error, c: Context) => c.text(`caught ${error.message}`, 403);
    const app = new Hono().get(
      '/',
      inSequence(
        [
          outer,
          beforeNext(async () => {
            throw new Error('no scope');
          }),
          beforeNext(() => void trail.push('after the refusal')),
        ],
        onError,
      ),
      (c) => {
        trail.push('handler');
        return c.text('handler');
      },
    );
    const res = await app.request('/');
    expect([res.status, await res.text(), trail]).toEqual([403, 'caught no scope', ['outer saw 403']]);
  });

  it('a beforeNext part alone is an ordinary middleware, and a sequence of them is not one', async () => {
    const refuse = beforeNext(() => {
      throw new Error('refused');
    });
    const app = new Hono()
      .get('/refused', refuse, (c) => c.text('handler'))
      .get(
        '/passed',
        beforeNext((c) => c.header('X-Checked', 'yes')),
        (c) => c.text('handler'),
      )
      .onError((error, c) => c.text(`app caught ${error.message}`, 401));
    const refused = await app.request('/refused');
    expect([refused.status, await refused.text()]).toEqual([401, 'app caught refused']);
    const passed = await app.request('/passed');
    expect([passed.status, await passed.text(), passed.headers.get('X-Checked')]).toEqual([200, 'handler', 'yes']);
    // Taken for a part in halves, the inner sequence would be skipped, its check with it.
    const trail: string[] = [];
    const nested = new Hono().get('/', inSequence([inSequence([beforeNext(() => void trail.push('inner check'))])]), (c) => c.text('handler'));
    expect([await (await nested.request('/')).text(), trail]).toEqual(['handler', ['inner check']]);
  });

  it("runs the after halves innermost first once the rest has answered, an error's answer included", async () => {
    const trail: string[] = [];
    const tag = (name: string) =>
      aroundNext({
        before: () => void trail.push(`${name} before`),
        after: (c) => {
          trail.push(`${name} after ${c.res.status}`);
          c.res.headers.append('X-Tags', name);
        },
      });
    const onError = (error: Error, c: Context) => c.text(error.message, 409);
    const app = new Hono()
      .get('/ok', inSequence([tag('a'), tag('b')], onError), (c) => c.text('handler'))
      .get(
        '/refused',
        inSequence(
          [
            tag('a'),
            beforeNext(() => {
              throw new Error('taken');
            }),
            tag('b'),
          ],
          onError,
        ),
        (c) => c.text('handler'),
      );
    const ok = await app.request('/ok');
    expect([ok.status, ok.headers.get('X-Tags'), trail.splice(0)]).toEqual([200, 'b, a', ['a before', 'b before', 'b after 200', 'a after 200']]);
    const refused = await app.request('/refused');
    expect([refused.status, await refused.text(), refused.headers.get('X-Tags'), trail]).toEqual([409, 'taken', 'a', ['a before', 'a after 409']]);
  });

  it("asOneSequence runs a route's middlewares as one, a sequence's parts in its place under its error handler", async () => {
    const trail: string[] = [];
    const onError = (error: Error, c: Context) => c.text(`guards caught ${error.message}`, 403);
    const guards = inSequence([beforeNext(() => void trail.push('guard'))], onError);
    const after: MiddlewareHandler = async () => {
      throw new Error('later part');
    };
    const app = new Hono().use('/', ...asOneSequence([guards, after])).get('/', (c) => c.text('handler'));
    const res = await app.request('/');
    expect([res.status, await res.text(), trail]).toEqual([403, 'guards caught later part', ['guard']]);
  });

  it('asOneSequence keeps sequences with different error handlers as they are', async () => {
    const first = inSequence([async (_c, next) => next()], (error, c) => c.text(`first caught ${error.message}`, 401));
    const second = inSequence(
      [
        async () => {
          throw new Error('refused');
        },
      ],
      (error, c) => c.text(`second caught ${error.message}`, 403),
    );
    const app = new Hono().use('/', ...asOneSequence([first, second])).get('/', (c) => c.text('handler'));
    const res = await app.request('/');
    expect([res.status, await res.text()]).toEqual([403, 'second caught refused']);
  });

  it('asOneSequence leaves middlewares without an error handler as they are: an error still passes the second halves before it', async () => {
    const tagged = aroundNext({ after: (c) => c.res.headers.set('X-After', 'ran') });
    const refuse = beforeNext(() => {
      throw new Error('refused');
    });
    expect(asOneSequence([tagged, refuse])).toEqual([tagged, refuse]);
    const app = new Hono()
      .use('/', ...asOneSequence([tagged, refuse]))
      .get('/', (c) => c.text('handler'))
      .onError((error, c) => c.text(`app caught ${error.message}`, 400));
    const res = await app.request('/');
    expect([res.status, res.headers.get('X-After')]).toEqual([400, 'ran']);
  });
});
