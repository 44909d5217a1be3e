import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { parseBody } from '../../src/idempotency/canonical-json.js';
import { OFF_LOOP_JSON_BYTES, type JsonBodyChecker } from '../../src/lib/off-loop-json.js';
import { createRequestThread, type RequestThread } from '../../src/routes/request-thread/request-thread.js';
import { JSON_BODY_SCHEMAS } from '../../src/routes/request-thread/json-body-schemas.js';
import { startTestServer, type CallOptions, type TestServer } from '../helpers/test-server.js';

// The body thread starts from the TypeScript sources on its first body: seconds on a loaded machine.
vi.setConfig({ testTimeout: 60_000 });

/** Long bodies go to the body thread; the same requests to a server that validates them on the event loop must be answered the same. */
let pool: RequestThread;
let offLoop: TestServer;
let onLoop: TestServer;
/** The operationId of each body the thread was asked to check. */
const checked: string[] = [];

beforeAll(async () => {
  pool = createRequestThread();
  const check: JsonBodyChecker = (operationId, text) => {
    checked.push(operationId);
    return pool.check(operationId, text);
  };
  offLoop = await startTestServer({ extensions: { jsonBodies: check } });
  onLoop = await startTestServer();
}, 60_000);
afterAll(async () => {
  await offLoop.close();
  await onLoop.close();
  await pool.close();
});

const agents = (count: number, agent: (i: number) => unknown) => Array.from({ length: count }, (_, i) => agent(i));
const junkAgent = () => Object.fromEntries('abcdefghijklm'.split('').map((key) => [key, 0]));
const validAgent = (i: number) => ({ id: `c${i}`, marker: { x: ((i * 7) % 63) + 0.5, y: ((i * 13) % 63) + 0.25 }, policy: { lambda: 1.5, gamma: 0.25 } });
const unknownKeys = (count: number, fields: Record<string, unknown>) => {
  const body: Record<string, unknown> = { ...fields };
  for (let k = 0; k < count; k++) body[`k${k}`] = 0;
  return body;
};

/** What a client reads of an answer, less what differs between any two (request ids, simulation ids, times). */
async function answer(server: TestServer, path: string, options: CallOptions): Promise<{ status: number; body: unknown }> {
  const res = await server.call(path, { key: 'key-a', ...options });
  const text = await res.text();
  const body = JSON.parse(text, (key, value: unknown) => (['requestId', 'id', 'createdAt'].includes(key) ? '…' : value)) as unknown;
  return { status: res.status, body };
}

async function sameOnBoth(
  path: string | ((server: TestServer) => Promise<string>),
  options: CallOptions,
  sentToThread = true,
): Promise<{ status: number; body: unknown }> {
  const at = (server: TestServer): Promise<string> | string => (typeof path === 'string' ? path : path(server));
  const before = checked.length;
  const off = await answer(offLoop, await at(offLoop), options);
  const on = await answer(onLoop, await at(onLoop), options);
  expect(off).toEqual(on);
  expect(checked.length - before).toBe(sentToThread ? 1 : 0);
  return off;
}

const simulation = async (server: TestServer): Promise<string> =>
  `/v1/simulations/${((await (await server.call('/v1/simulations', { key: 'key-a', body: { scenarioId: 'tiny-valley' } })).json()) as { id: string }).id}`;

describe('long JSON bodies, checked on the body thread', () => {
  it('refuses ten thousand malformed agents with the first hundred problems, as the event loop would', async () => {
    const refused = await sameOnBoth('/v1/simulations', {
      body: { scenario: { seed: 1, agents: agents(10_000, junkAgent), initialState: { width: 8, height: 8 } } },
    });
    expect(refused.status).toBe(400);
  });

  it('creates a simulation of ten thousand agents from the value the thread validated', async () => {
    const created = await sameOnBoth('/v1/simulations', {
      body: {
        scenario: {
          seed: 1,
          agents: agents(10_000, validAgent),
          initialState: { width: 64, height: 64, attractors: [{ id: 'a', x: 30, y: 30, depth: 4, radius: 6, capacity: 220 }] },
        },
      },
    });
    expect(created).toMatchObject({ status: 201, body: { scenarioId: 'inline', state: { agentCount: 10_000 } } });
  });

  it('hands the route the value the thread validated: the event loop does not parse the body again', async () => {
    const body = JSON.stringify({
      scenario: { seed: 2, agents: agents(2_000, validAgent), initialState: { width: 64, height: 64 } },
    });
    expect(body.length).toBeGreaterThan(OFF_LOOP_JSON_BYTES);
    const parse = vi.spyOn(JSON, 'parse');
    try {
      const res = await offLoop.call('/v1/simulations', { key: 'key-a', body });
      expect(res.status).toBe(201);
      expect(parse.mock.calls.filter(([text]) => text === body).length).toBe(0);
    } finally {
      parse.mockRestore();
    }
  });

  it('adds the body rules the route’s hook adds, and refuses malformed JSON at ""', async () => {
    const both = await sameOnBoth('/v1/simulations', {
      body: { scenarioId: 'tiny-valley', scenario: { seed: 1, agents: agents(2_000, validAgent), initialState: {} } },
    });
    expect(both.body).toMatchObject({
      error: {
        details: { issues: expect.arrayContaining([{ path: '', message: 'Give exactly one of scenarioId or scenario, not scenarioId and scenario' }]) },
      },
    });
    const malformed = await sameOnBoth('/v1/simulations', { body: `{"scenario": ${'['.repeat(1)}${'1,'.repeat(OFF_LOOP_JSON_BYTES)}` });
    expect(malformed).toMatchObject({ status: 400, body: { error: { message: 'The request body is not valid JSON' } } });
  });

  it('checks a route with a path parameter after it: the unknown keys of a step, a decree, time control', async () => {
    for (const [suffix, fields, method] of [
      ['/step', { ticks: 1 }, 'POST'],
      ['/decrees', { type: 'shock', payload: { x: 1, y: 1, radius: 1, magnitude: 0.1 } }, 'POST'],
      ['/time-control', { action: 'pause' }, 'PUT'],
    ] as const) {
      const refused = await sameOnBoth(async (server) => `${await simulation(server)}${suffix}`, { body: unknownKeys(20_000, fields), method });
      expect(refused.status).toBe(400);
    }
  });

  it('leaves short bodies and other media types to the event loop', async () => {
    await sameOnBoth(async (server) => `${await simulation(server)}/step`, { body: { ticks: 2 } }, false);
    const wrongType = await sameOnBoth(
      '/v1/simulations',
      { body: JSON.stringify({ scenarioId: 'tiny-valley', pad: 'x'.repeat(OFF_LOOP_JSON_BYTES) }), headers: { 'Content-Type': 'text/plain' } },
      false,
    );
    expect(wrongType.status).toBe(400);
  });

  it('reads a long body for an Idempotency-Key as parseBody does: its canonical form and the organization it names', async () => {
    const text = JSON.stringify({ organizationId: 'ORG', b: [3, { z: 1, a: 2 }], a: 'x'.repeat(OFF_LOOP_JSON_BYTES) });
    const parsed = parseBody(text)!;
    expect(await pool.canonical(text)).toEqual({ canonical: parsed.canonical, value: { organizationId: 'ORG' } });
    expect(await pool.canonical(`${text.slice(0, -1)}`)).toBeUndefined();
  });
});

describe('the routes the body thread knows', () => {
  it('are every route the OpenAPI document declares with a JSON body', async () => {
    const document = (await (await onLoop.call('/v1/openapi.json')).json()) as {
      paths: Record<string, Record<string, { operationId?: string; requestBody?: { content?: Record<string, unknown> } }>>;
    };
    const withJsonBodies = Object.values(document.paths).flatMap((operations) =>
      Object.values(operations).flatMap((operation) => (operation.requestBody?.content?.['application/json'] === undefined ? [] : [operation.operationId])),
    );
    expect(withJsonBodies.sort()).toEqual(Object.keys(JSON_BODY_SCHEMAS).sort());
  });
});

describe('a long body of a route refused for its path', () => {
  // Last in the file: the body is left unread, and the connection it came on is not used again.
  it('is refused at `id` before the body is read', async () => {
    const badId = await sameOnBoth('/v1/simulations/not-an-id/step', { body: unknownKeys(20_000, { ticks: 1 }) }, false);
    expect(badId.body).toMatchObject({ error: { details: { issues: [{ path: 'id' }] } } });
  });
});
