import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { jsonOnce } from '../../src/http/json-once.js';

describe('jsonOnce', () => {
  it('answers exactly as c.json would', async () => {
    const value = Object.freeze({ id: 'a', n: 1, nested: Object.freeze({ list: Object.freeze([1, 2]) }) });
    const app = new Hono().get('/once', (c) => jsonOnce(c, value, 200)).get('/json', (c) => c.json(value, 200));
    const [once, json] = await Promise.all([app.request('/once'), app.request('/json')]);
    expect(once.status).toBe(json.status);
    expect(once.headers.get('content-type')).toBe(json.headers.get('content-type'));
    expect(await once.text()).toBe(await json.text());
  });

  it('serializes a frozen value once, and an unfrozen one on every call', async () => {
    let serialized = 0;
    const counting = <T extends object>(value: T): T => Object.assign(value, { toJSON: () => (serialized++, { ...value, toJSON: undefined }) });
    const frozen = Object.freeze(counting({ id: 'frozen' }));
    const open = counting({ id: 'open' });
    const app = new Hono().get('/frozen', (c) => jsonOnce(c, frozen, 200)).get('/open', (c) => jsonOnce(c, open, 200));

    for (let i = 0; i < 3; i++) expect(await (await app.request('/frozen')).json()).toEqual({ id: 'frozen' });
    expect(serialized).toBe(1);
    for (let i = 0; i < 3; i++) await app.request('/open');
    expect(serialized).toBe(4);
  });
});
