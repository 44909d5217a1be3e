import { Hono } from 'hono';
import { SmartRouter } from 'hono/router/smart-router';
import { RegExpRouter } from 'hono/router/reg-exp-router';
import { TrieRouter } from 'hono/router/trie-router';
import { describe, expect, it } from 'vitest';
import { MemoRouter } from '../../src/lib/memo-router.js';
import { createRouter } from '../../src/lib/create-router.js';

/** The API's shapes: a literal segment beside a parameter (which RegExpRouter refuses), nested parameters, a wildcard. */
const ROUTES: Array<[string, string]> = [
  ['ALL', '*'],
  ['POST', '/v1/simulations/run'],
  ['POST', '/v1/simulations/:id/step'],
  ['GET', '/v1/simulations'],
  ['GET', '/v1/simulations/:id'],
  ['GET', '/v1/simulations/:id/compare/:otherId'],
];
const PROBES: Array<[string, string]> = [
  ['POST', '/v1/simulations/run'],
  ['POST', '/v1/simulations/7/step'],
  ['GET', '/v1/simulations/7'],
  ['GET', '/v1/simulations/7/compare/8'],
  ['GET', '/v1/nowhere'],
  ['PUT', '/v1/simulations/7'],
];

function both(): { memo: MemoRouter<string>; plain: SmartRouter<string> } {
  const memo = new MemoRouter<string>(undefined, 3);
  const plain = new SmartRouter<string>({ routers: [new RegExpRouter(), new TrieRouter()] });
  for (const [method, path] of ROUTES) {
    memo.add(method, path, `${method} ${path}`);
    plain.add(method, path, `${method} ${path}`);
  }
  return { memo, plain };
}

describe('MemoRouter', () => {
  it('matches as Hono’s default router does, the first time and again, for more paths than it keeps', () => {
    const { memo, plain } = both();
    for (let pass = 0; pass < 3; pass++) for (const [method, path] of PROBES) expect(memo.match(method, path)).toEqual(plain.match(method, path));
  });

  it('answers a repeated path from its memo, and a path over 256 characters never from it', () => {
    const { memo } = both();
    const first = memo.match('GET', '/v1/simulations/7');
    expect(memo.match('GET', '/v1/simulations/7')).toBe(first);
    const long = `/v1/simulations/${'x'.repeat(300)}`;
    const once = memo.match('GET', long);
    expect(memo.match('GET', long)).not.toBe(once);
    expect(memo.match('GET', long)).toEqual(once);
  });

  it('keeps at most its capacity: the oldest path is matched again', () => {
    const { memo } = both();
    const first = memo.match('GET', '/v1/simulations/1');
    for (const id of [2, 3, 4]) memo.match('GET', `/v1/simulations/${id}`);
    expect(memo.match('GET', '/v1/simulations/1')).not.toBe(first);
  });

  it('routes every router the app builds, parameters decoded per request', async () => {
    const app = createRouter();
    app.get('/things/:id', (c) => c.text(c.req.param('id')));
    const sub = new Hono();
    app.route('/', sub);
    expect((app.router as { name: string }).name).toMatch(/^MemoRouter/);
    expect(await (await app.request('/things/a%20b')).text()).toBe('a b');
    expect(await (await app.request('/things/a%20b')).text()).toBe('a b');
    expect(await (await app.request('/things/c')).text()).toBe('c');
  });
});
