import type { TraceStep } from '@sim/engine';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSimulation } from '../helpers/create-simulation.js';
import { startLiveServer, type LiveServer } from '../live/support/live-server.js';

let server: LiveServer;
let id: string;
beforeAll(async () => {
  server = await startLiveServer({ deps: { checkpointInterval: 10 } });
  id = await createSimulation(server);
  await server.call(`/v1/simulations/${id}/step`, { key: 'key-a', body: { ticks: 12 } });
  await server.call(`/v1/simulations/${id}/decrees`, { key: 'key-a', body: { type: 'shock', payload: { x: 4, y: 4, radius: 3, magnitude: 0.4 } } });
  await server.call(`/v1/simulations/${id}/step`, { key: 'key-a', body: { ticks: 31 } });
});
afterAll(async () => {
  await server.close();
});

const NDJSON = { accept: 'application/x-ndjson' };
const read = (query: string, headers: Record<string, string> = {}) => server.call(`/v1/simulations/${id}/trace${query}`, { key: 'key-a', headers });

interface TracePageBody {
  steps: TraceStep[];
  metadata: { ticks: number };
  page?: { fromTick: number; toTick: number; limit: number; nextCursor: number | null };
}

/** Follows X-Next-Cursor from `first` to the last page; every response body, in order. */
async function allPages(first: string, limit: number, headers: Record<string, string> = {}): Promise<{ bodies: string[]; cursors: Array<string | null> }> {
  const bodies: string[] = [];
  const cursors: Array<string | null> = [];
  let query: string | null = first;
  while (query !== null) {
    const res = await read(query, headers);
    expect(res.status).toBe(200);
    bodies.push(await res.text());
    const next = res.headers.get('x-next-cursor');
    cursors.push(next);
    query = next === null ? null : `?fromTick=${next}&limit=${limit}`;
  }
  return { bodies, cursors };
}

describe('trace pages', () => {
  it('concatenated in NDJSON, are the whole NDJSON trace byte for byte', async () => {
    const whole = await (await read('', NDJSON)).text();
    const { bodies, cursors } = await allPages('?limit=7', 7, NDJSON);
    expect(cursors).toEqual(['8', '15', '22', '29', '36', '43', null]);
    expect(bodies.join('')).toBe(whole);
    expect(whole.split('\n')).toHaveLength(44);
  });

  it('in JSON, give the whole trace’s steps in order, each page saying where the next starts', async () => {
    const whole = (await (await read('')).json()) as TracePageBody;
    expect(whole.page).toBeUndefined();
    const { bodies } = await allPages('?limit=10', 10);
    const pages = bodies.map((body) => JSON.parse(body) as TracePageBody);
    expect(pages.map((p) => p.page)).toEqual([
      { fromTick: 1, toTick: 10, limit: 10, nextCursor: 11 },
      { fromTick: 11, toTick: 20, limit: 10, nextCursor: 21 },
      { fromTick: 21, toTick: 30, limit: 10, nextCursor: 31 },
      { fromTick: 31, toTick: 40, limit: 10, nextCursor: 41 },
      { fromTick: 41, toTick: 43, limit: 10, nextCursor: null },
    ]);
    expect(JSON.stringify(pages.flatMap((p) => p.steps))).toBe(JSON.stringify(whole.steps));
    expect(pages.every((p) => p.metadata.ticks === 43)).toBe(true);
  });

  it('stop at toTick, and at the current tick when toTick is beyond it', async () => {
    const bounded = (await (await read('?fromTick=5&toTick=9')).json()) as TracePageBody;
    expect(bounded.steps.map((s) => s.tick)).toEqual([5, 6, 7, 8, 9]);
    expect(bounded.page).toEqual({ fromTick: 5, toTick: 9, limit: 50, nextCursor: null });
    const beyond = await read('?fromTick=40&toTick=5000');
    expect(beyond.headers.get('x-next-cursor')).toBeNull();
    expect(((await beyond.json()) as TracePageBody).steps.map((s) => s.tick)).toEqual([40, 41, 42, 43]);
  });

  it.each([
    ['?fromTick=9&toTick=8', 'fromTick'],
    ['?fromTick=44', 'fromTick'],
    ['?fromTick=0', 'fromTick'],
    ['?limit=201', 'limit'],
    ['?limit=0', 'limit'],
    ['?toTick=ten', 'toTick'],
  ])('refuse %s: 400 VALIDATION_ERROR at %s', async (query, path) => {
    const res = await read(query);
    expect(res.status).toBe(400);
    const body = (await res.json()) as { error: { code: string; details: { issues: Array<{ path: string }> } } };
    expect(body.error.code).toBe('VALIDATION_ERROR');
    expect(body.error.details.issues.map((i) => i.path)).toEqual([path]);
  });

  it('are 404 before the first tick, like the whole trace', async () => {
    const fresh = await createSimulation(server);
    const res = await server.call(`/v1/simulations/${fresh}/trace?fromTick=1`, { key: 'key-a' });
    expect(res.status).toBe(404);
  });
});
