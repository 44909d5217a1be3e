import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSimulation } from '../helpers/create-simulation.js';
import { startLiveServer, type LiveServer } from '../live/support/live-server.js';

/** GET /v1/simulations/{id} with If-None-Match (docs/api.md, "Conditional reads"). */
let server: LiveServer;
let simulationId: string;
beforeAll(async () => {
  server = await startLiveServer();
  simulationId = await createSimulation(server);
});
afterAll(async () => {
  await server.close();
});

const read = (ifNoneMatch?: string, key = 'key-a'): Promise<Response> =>
  server.call(`/v1/simulations/${simulationId}`, { key, ...(ifNoneMatch === undefined ? {} : { headers: { 'If-None-Match': ifNoneMatch } }) });

async function currentTag(): Promise<string> {
  const res = await read();
  await res.arrayBuffer();
  const tag = res.headers.get('etag');
  if (tag === null) throw new Error('no ETag');
  return tag;
}

describe('conditional reads of a simulation', () => {
  it('a 200 carries a strong ETag of its bytes: the same bytes, the same tag', async () => {
    const first = await read();
    const second = await read();
    expect(first.status).toBe(200);
    expect(await first.text()).toBe(await second.text());
    expect(first.headers.get('etag')).toMatch(/^"[A-Za-z0-9_-]+"$/);
    expect(second.headers.get('etag')).toBe(first.headers.get('etag'));
  });

  it('If-None-Match naming the current tag is a 304 with no body, the tag, and the headers of every answer', async () => {
    const tag = await currentTag();
    for (const header of [tag, `W/${tag}`, `"other", ${tag}`, '*']) {
      const res = await read(header);
      expect({ header, status: res.status }).toEqual({ header, status: 304 });
      expect(await res.text()).toBe('');
      expect(res.headers.get('etag')).toBe(tag);
      expect(res.headers.get('cache-control')).toBe('no-store');
      expect(res.headers.get('x-request-id')).not.toBeNull();
    }
  });

  it('a change gives a new tag: the old one answers 200 with the new state', async () => {
    const before = await currentTag();
    const step = await server.call(`/v1/simulations/${simulationId}/step`, { key: 'key-a', body: { ticks: 2 } });
    expect(step.status).toBe(200);
    const res = await read(before);
    expect(res.status).toBe(200);
    const body = (await res.json()) as { state: { tick: number } };
    expect(body.state.tick).toBeGreaterThanOrEqual(2);
    expect(res.headers.get('etag')).not.toBe(before);
    expect(res.headers.get('etag')).toBe(await currentTag());
  });

  it('an unrelated tag answers 200 with the body', async () => {
    const res = await read('"not-this-one"');
    expect(res.status).toBe(200);
    expect(((await res.json()) as { id: string }).id).toBe(simulationId);
  });

  it('the right tag does not get past the guards: another tenant and no key 401, no read scope 403', async () => {
    const tag = await currentTag();
    const cases: Array<[string, Promise<Response>, number]> = [
      ['another tenant', read(tag, 'key-b'), 401],
      ['no key', server.call(`/v1/simulations/${simulationId}`, { headers: { 'If-None-Match': tag } }), 401],
      ['no read scope', read(tag, 'key-a-write'), 403],
    ];
    for (const [name, pending, status] of cases) {
      const res = await pending;
      expect({ name, status: res.status }).toEqual({ name, status });
      expect(res.headers.get('etag')).toBeNull();
      expect(((await res.json()) as { error: { code: string } }).error.code).toBeTypeOf('string');
    }
  });
});
