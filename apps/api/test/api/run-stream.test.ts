import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createInProcessRunner } from '../../src/engine-work/in-process-runner.js';
import { chunkingRunner } from '../helpers/chunking-runner.js';
import { heavyScenario } from '../helpers/heavy-scenario.js';
import { startTestServer, type TestServer } from '../helpers/test-server.js';

/**
 * `run` with `Accept: application/x-ndjson` streams as it computes
 * (docs/api.md, "Run as a stream"): chunk after chunk, each committed before its lines go out;
 * a run that stops after its first byte ends its body with an error line, and keeps what it committed.
 */

type Json = any;
const NDJSON = { Accept: 'application/x-ndjson' };

let engine: ReturnType<typeof chunkingRunner>;
let server: TestServer;
beforeAll(async () => {
  engine = chunkingRunner(createInProcessRunner());
  server = await startTestServer({ engine });
});
afterAll(async () => {
  await server?.close();
});
beforeEach(() => {
  engine.chunks = 0;
  engine.failAt = Infinity;
  engine.oneTick = true;
  engine.holdAt = Infinity;
});

const view = async (id: string): Promise<Json> => ((await (await server.call(`/v1/simulations/${id}`, { key: 'key-a' })).json()) as Json).state;
const idOf = (res: Response): string => res.headers.get('location')?.split('/').at(-1) ?? '';
const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

describe('run as a stream', () => {
  it('answers chunk after chunk the same bytes as a trace read of its ticks, and stores them as a step would', async () => {
    const run = await server.call('/v1/simulations/run', { key: 'key-a', body: { scenarioId: 'tiny-valley', ticks: 25 }, headers: NDJSON });
    expect(run.status).toBe(201);
    const body = await run.text();
    // One tick per chunk here: 25 chunks, each an advance of the stored simulation.
    expect(engine.chunks).toBe(25);
    const id = idOf(run);
    const trace = await server.call(`/v1/simulations/${id}/trace`, { key: 'key-a', headers: NDJSON });
    expect(await trace.text()).toBe(body);
    expect(await view(id)).toMatchObject({ tick: 25, status: 'idle' });

    // The same stored history as create + one step of the same ticks.
    const created = (await (await server.call('/v1/simulations', { key: 'key-a', body: { scenarioId: 'tiny-valley' } })).json()) as Json;
    expect((await server.call(`/v1/simulations/${created.id}/step`, { key: 'key-a', body: { ticks: 25 } })).status).toBe(200);
    const rows = async (simulationId: string) =>
      (await server.storage.simulations.listEvents(simulationId, 0, 100_000)).map((event) => ({ type: event.type, tick: event.tick, data: event.data }));
    expect(await rows(id)).toEqual(await rows(created.id));
  });

  it('ends the body with an error line when the engine fails after the first byte; the simulation is failed at its last good tick', async () => {
    engine.failAt = 4;
    const run = await server.call('/v1/simulations/run', { key: 'key-a', body: { scenarioId: 'tiny-valley', ticks: 10 }, headers: NDJSON });
    expect(run.status).toBe(201);
    const text = await run.text();
    expect(text.endsWith('\n')).toBe(true);
    const lines = text.trimEnd().split('\n');
    expect(lines).toHaveLength(4);
    expect(lines.slice(0, 3).map((line) => (JSON.parse(line) as Json).tick)).toEqual([1, 2, 3]);
    expect(JSON.parse(lines[3] as string)).toEqual({
      error: {
        code: 'INTERNAL_ERROR',
        message: 'The simulation failed and can no longer advance',
        details: { tick: 3 },
        requestId: run.headers.get('x-request-id'),
      },
    });
    const id = idOf(run);
    expect(await view(id)).toMatchObject({ tick: 3, status: 'failed' });
    const trace = await server.call(`/v1/simulations/${id}/trace`, { key: 'key-a', headers: NDJSON });
    expect(await trace.text()).toBe(`${lines.slice(0, 3).join('\n')}\n`);
  });

  it('stops with a SIMULATION_CHANGED line when another request advances the simulation between two chunks', async () => {
    let release = (): void => {};
    engine.hold = new Promise<void>((resolve) => (release = resolve));
    engine.holdAt = 2;
    const res = await fetch(`${server.baseUrl}/v1/simulations/run`, {
      method: 'POST',
      headers: { 'X-Api-Key': 'key-a', 'Content-Type': 'application/json', ...NDJSON },
      body: JSON.stringify({ scenarioId: 'tiny-valley', ticks: 10 }),
    });
    expect(res.status).toBe(201);
    const id = idOf(res);
    // Chunk 2 waits (holding the simulation's lock) while a step queues behind it.
    const step = server.call(`/v1/simulations/${id}/step`, { key: 'key-a', body: { ticks: 1 } });
    await sleep(300);
    release();
    expect((await step).status).toBe(200);
    const lines = (await res.text()).trimEnd().split('\n');
    expect(lines.slice(0, -1).map((line) => (JSON.parse(line) as Json).tick)).toEqual([1, 2]);
    expect((JSON.parse(lines.at(-1) as string) as Json).error).toMatchObject({ code: 'SIMULATION_CHANGED', details: { tick: 2 } });
    // The simulation is where the step left it, active.
    expect(await view(id)).toMatchObject({ tick: 3, status: 'idle' });
  });

  it('fails before its first byte as a JSON run does: 500, nothing stored', async () => {
    engine.failAt = 1;
    const before = ((await (await server.call('/v1/simulations?limit=1', { key: 'key-a' })).json()) as Json).pagination.total;
    // Raw fetch: an engine failure's 500 is not in the route's document (no route lists it).
    const run = await fetch(`${server.baseUrl}/v1/simulations/run`, {
      method: 'POST',
      headers: { 'X-Api-Key': 'key-a', 'Content-Type': 'application/json', ...NDJSON },
      body: JSON.stringify({ scenarioId: 'tiny-valley', ticks: 10 }),
    });
    expect(run.status).toBe(500);
    expect(((await run.json()) as Json).error.code).toBe('INTERNAL_ERROR');
    expect(((await (await server.call('/v1/simulations?limit=1', { key: 'key-a' })).json()) as Json).pagination.total).toBe(before);
  });
});

describe('a long run as a stream', () => {
  it('sends its first line while it is still computing; a client that leaves keeps the ticks committed, and the simulation steps on', async () => {
    // Real chunks (about 50 ms, then longer) of a world whose 10 000 ticks take minutes.
    engine.oneTick = false;
    const client = new AbortController();
    const res = await fetch(`${server.baseUrl}/v1/simulations/run`, {
      method: 'POST',
      headers: { 'X-Api-Key': 'key-a', 'Content-Type': 'application/json', ...NDJSON },
      body: JSON.stringify({ scenario: heavyScenario(), ticks: 10_000 }),
      signal: client.signal,
    });
    expect(res.status).toBe(201);
    const id = idOf(res);
    const reader = (res.body as ReadableStream<Uint8Array>).getReader();
    const decoder = new TextDecoder();
    let text = '';
    while (!text.includes('\n')) {
      const read = await reader.read();
      if (read.done) break;
      text += decoder.decode(read.value, { stream: true });
    }
    const firstLine = text.slice(0, text.indexOf('\n'));
    expect((JSON.parse(firstLine) as Json).tick).toBe(1);
    // The first line arrived long before the run's last tick was computed, or even stored.
    const during = await view(id);
    expect(during.tick).toBeGreaterThanOrEqual(1);
    expect(during.tick).toBeLessThan(10_000);

    client.abort();
    await reader.cancel().catch(() => undefined);
    // The chunk in flight is abandoned; wait until nothing moves any more.
    let settled = await view(id);
    for (let i = 0; i < 100; i++) {
      await sleep(100);
      const now = await view(id);
      if (now.tick === settled.tick && engine.busy === 0) break;
      settled = now;
    }
    expect(settled).toMatchObject({ status: 'idle' });
    expect(settled.tick).toBeGreaterThanOrEqual(during.tick);
    expect(settled.tick).toBeLessThan(10_000);
    // Nothing beyond the last tick committed was stored.
    expect((await server.storage.simulations.listEvents(id, 0, 1_000_000)).filter((event) => event.tick > settled.tick)).toEqual([]);
    // The line sent is the stored history's, byte for byte.
    const page = await server.call(`/v1/simulations/${id}/trace?fromTick=1&toTick=1`, { key: 'key-a', headers: NDJSON });
    expect(await page.text()).toBe(`${firstLine}\n`);
    // Still active: it steps on from where the run stopped.
    const step = await server.call(`/v1/simulations/${id}/step`, { key: 'key-a', body: { ticks: 1 } });
    expect(step.status).toBe(200);
    expect(((await step.json()) as Json).state.tick).toBe(settled.tick + 1);
  }, 120_000);
});
