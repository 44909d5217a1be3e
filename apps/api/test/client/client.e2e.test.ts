import {
  createSimClient,
  PackedTickDecoder,
  SimApiError,
  subscribeToEvents,
  traceSteps,
  unwrap,
  type PackedAgent,
  type SimClient,
  type SimulationEvent,
} from '@sim/client';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServerProcess, tempDir, type ServerProcess } from '../support/server-process.js';

const SLOW = 60_000;
const dir = tempDir('sim-client-e2e-');
let server: ServerProcess;
let client: SimClient;

beforeAll(async () => {
  server = await startServerProcess({ databasePath: join(dir.path, 'sim.db') });
  client = createSimClient({ baseUrl: server.baseUrl, credentials: { apiKey: server.apiKey! } });
}, SLOW);

afterAll(async () => {
  await server?.stop();
  dir.remove();
});

async function createSimulation(scenarioId = 'calm-equilibrium'): Promise<string> {
  return (await unwrap(client.POST('/v1/simulations', { body: { scenarioId } }))).id;
}

describe('@sim/client against the real server', () => {
  it('creates, steps and reads a simulation with typed calls', async () => {
    const id = await createSimulation();
    const stepped = await unwrap(client.POST('/v1/simulations/{id}/step', { params: { path: { id } }, body: { ticks: 7 } }));
    expect(stepped.ticks).toBe(7);
    const read = await unwrap(client.GET('/v1/simulations/{id}', { params: { path: { id } } }));
    expect(read.state.tick).toBe(7);
  });

  it('throws SimApiError with the envelope, its code and the request id of the X-Request-Id header', async () => {
    const missing = '00000000-0000-4000-8000-000000000000';
    const error = await unwrap(client.GET('/v1/simulations/{id}', { params: { path: { id: missing } }, headers: { 'X-Request-Id': 'client-test-1' } })).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(SimApiError);
    expect(error).toMatchObject({ status: 404, code: 'NOT_FOUND', requestId: 'client-test-1' });
  });

  it('gives every POST an Idempotency-Key, so a retry of a step that ran replays it instead of stepping twice', async () => {
    const id = await createSimulation();
    let firstKey: string | null = null;
    // A fetch that loses the first answer after the server has handled the request, as a dropped connection would.
    let lost = false;
    const flaky = createSimClient({
      baseUrl: server.baseUrl,
      credentials: { apiKey: server.apiKey! },
      retry: { baseDelayMs: 10 },
      fetch: async (input, init) => {
        const request = new Request(input, init);
        const response = await fetch(request);
        if (!lost && request.method === 'POST') {
          lost = true;
          firstKey = request.headers.get('idempotency-key');
          await response.arrayBuffer();
          throw new TypeError('fetch failed (connection lost after the server answered)');
        }
        return response;
      },
    });
    const { data, response } = await flaky.POST('/v1/simulations/{id}/step', { params: { path: { id } }, body: { ticks: 3 } });
    expect(firstKey).toMatch(/^[0-9a-f-]{36}$/);
    expect(response.headers.get('idempotency-replayed')).toBe('true');
    expect(data?.state.tick).toBe(3);
    expect((await unwrap(client.GET('/v1/simulations/{id}', { params: { path: { id } } }))).state.tick).toBe(3);
  });

  it('iterates an NDJSON trace page by page, equal to the JSON trace', async () => {
    const id = await createSimulation('self-defeating-prophecy');
    await unwrap(client.POST('/v1/simulations/{id}/step', { params: { path: { id } }, body: { ticks: 40 } }));
    const streamed = [];
    for await (const step of traceSteps(client, id, { fromTick: 11, toTick: 30 })) streamed.push(step);
    const json = await unwrap(client.GET('/v1/simulations/{id}/trace', { params: { path: { id }, query: { fromTick: 11, toTick: 30 } } }));
    expect(streamed.map((s) => s.tick)).toEqual(Array.from({ length: 20 }, (_, i) => i + 11));
    // The route answers JSON or NDJSON, so its typed answer is either; this one is the JSON trace.
    expect('steps' in json && json.steps).toEqual(streamed);
  });

  it('follows the cursor from page to page: every step of the range, `limit` a request', async () => {
    const id = await createSimulation('self-defeating-prophecy');
    await unwrap(client.POST('/v1/simulations/{id}/step', { params: { path: { id } }, body: { ticks: 40 } }));
    const asked: string[] = [];
    const counting = createSimClient({
      baseUrl: server.baseUrl,
      credentials: { apiKey: server.apiKey! },
      fetch: (input, init) => (asked.push(new Request(input, init).url), fetch(input, init)),
    });
    const ticks = [];
    for await (const step of traceSteps(counting, id, { fromTick: 3, toTick: 37, limit: 10 })) ticks.push(step.tick);
    expect(ticks).toEqual(Array.from({ length: 35 }, (_, i) => i + 3));
    expect(asked.map((url) => new URL(url).searchParams.get('fromTick'))).toEqual(['3', '13', '23', '33']);
  });

  it("throws the service's error envelope as a SimApiError when the trace is refused", async () => {
    const missing = '00000000-0000-4000-8000-000000000000';
    const read = async (): Promise<unknown> => {
      for await (const step of traceSteps(client, missing)) return step;
      return undefined;
    };
    const refused = await read().catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(SimApiError);
    expect(refused).toMatchObject({ status: 404, code: 'NOT_FOUND' });
  });
});

describe('subscribeToEvents', () => {
  it("subscribes to a sample of agents in the packed encoding and decodes them to the trace's", { timeout: SLOW }, async () => {
    const id = await createSimulation('self-defeating-prophecy');
    const decoder = new PackedTickDecoder();
    const decoded = new Map<number, PackedAgent[]>();
    const subscription = subscribeToEvents({
      baseUrl: server.baseUrl,
      credentials: { apiKey: server.apiKey! },
      simulationId: id,
      lastEventId: '0',
      variant: { agents: '5', encoding: 'packed' },
      onEvent: (e) => {
        if (e.event === 'tick' && 'packed' in e.data)
          decoded.set(
            e.data.t,
            decoder.decode(
              e.data.packed,
              e.data.state.attractors.map((a) => a.id),
            ),
          );
      },
    });
    try {
      await unwrap(client.POST('/v1/simulations/{id}/step', { params: { path: { id } }, body: { ticks: 8 } }));
      await expect.poll(() => decoded.size, { timeout: 20_000 }).toBe(8);
    } finally {
      subscription.close();
    }
    const sample = decoded.get(1)!.map((a) => a.id);
    expect(sample).toHaveLength(5);
    for await (const step of traceSteps(client, id)) {
      const agents = decoded.get(step.tick)!;
      // The same five agents every tick, where the trace has them, to within the quantization (1/512 cell).
      expect(agents.map((a) => a.id)).toEqual(sample);
      for (const agent of agents) {
        const traced = step.agents.find((a) => a.id === agent.id)!;
        expect(Math.abs(agent.x - traced.state.x)).toBeLessThanOrEqual(1 / 512);
        expect(Math.abs(agent.y - traced.state.y)).toBeLessThanOrEqual(1 / 512);
        expect(agent.basin).toBe(traced.state.basin);
      }
    }
  });

  it('resumes after the server restarts mid-stream, losing and repeating no event', { timeout: 2 * SLOW }, async () => {
    const restartDir = tempDir('sim-client-restart-');
    const databasePath = join(restartDir.path, 'sim.db');
    let first: ServerProcess | undefined = await startServerProcess({ databasePath });
    const port = String(first.port);
    const key = first.apiKey!;
    let second: ServerProcess | undefined;
    const received: SimulationEvent[] = [];
    try {
      const api = createSimClient({ baseUrl: first.baseUrl, credentials: { apiKey: key }, retry: { retries: 20, baseDelayMs: 100, maxDelayMs: 500 } });
      const id = (await unwrap(api.POST('/v1/simulations', { body: { scenarioId: 'self-defeating-prophecy' } }))).id;
      const ticks = () => received.filter((e) => e.event === 'tick').map((e) => (e.event === 'tick' ? e.data.t : -1));
      const waitForTick = async (t: number) => {
        for (let i = 0; i < 600 && !ticks().includes(t); i++) await new Promise((r) => setTimeout(r, 50));
        expect(ticks()).toContain(t);
      };
      const subscription = subscribeToEvents({
        baseUrl: first.baseUrl,
        credentials: { apiKey: key },
        simulationId: id,
        lastEventId: '0',
        onEvent: (e) => received.push(e),
      });

      await unwrap(api.POST('/v1/simulations/{id}/step', { params: { path: { id } }, body: { ticks: 20 } }));
      await waitForTick(20);
      await first.stop();
      first = undefined;
      // Ticks 21-40 are made while nothing answers on the subscriber's port (by a server on
      // another port, on the same database): only the replay after Last-Event-ID can bring them.
      const elsewhere = await startServerProcess({ databasePath });
      try {
        const other = createSimClient({ baseUrl: elsewhere.baseUrl, credentials: { apiKey: key } });
        await unwrap(other.POST('/v1/simulations/{id}/step', { params: { path: { id } }, body: { ticks: 20 } }));
      } finally {
        await elsewhere.stop();
      }
      second = await startServerProcess({ databasePath, env: { PORT: port } });
      await unwrap(api.POST('/v1/simulations/{id}/step', { params: { path: { id } }, body: { ticks: 20 } }));
      await waitForTick(60);
      subscription.close();

      expect(ticks()).toEqual(Array.from({ length: 60 }, (_, i) => i + 1));
      const ids = received.flatMap((e) => ('id' in e ? [Number(e.id)] : []));
      expect(new Set(ids).size).toBe(ids.length);
      expect(ids).toEqual([...ids].sort((a, b) => a - b));
      expect(received.some((e) => e.event === 'prophecy')).toBe(true);
      expect(subscription.lastEventId).toBe(String(ids.at(-1)));
    } finally {
      await first?.stop();
      await second?.stop();
      restartDir.remove();
    }
  });
});
