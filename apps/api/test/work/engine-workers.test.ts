import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWorkerPoolRunner } from '../../src/engine-work/worker-pool-runner.js';
import { countingRunner } from '../helpers/counting-runner.js';
import { silentLogger } from '../../src/lib/logger.js';
import { loadScenarioFolder } from '../../src/scenarios/load-scenario-folder.js';
import { createScenarioCatalog } from '../../src/scenarios/scenario-catalog.js';
import { startTestServer, type TestServer } from '../helpers/test-server.js';
import { heavyScenario } from '../helpers/heavy-scenario.js';

/**
 * The server's engine on worker threads: the same traces, byte for byte, as the engine alone
 * (the golden hashes), and work that stops when its client goes away. The worker warms up as a
 * server's do (warmUpEngine), which must change nothing computed.
 */

const SCENARIOS_DIR = fileURLToPath(new URL('../../../../scenarios/', import.meta.url));
const GOLDEN = JSON.parse(readFileSync(new URL('../../../../packages/engine/test/golden/golden-hashes.json', import.meta.url), 'utf8')) as {
  scenarios: Record<string, { ticks: number; hashes: Record<string, string> }>;
};

let engine: ReturnType<typeof countingRunner>;
let server: TestServer;
beforeAll(async () => {
  engine = countingRunner(createWorkerPoolRunner({ threads: 1, warmUp: true }));
  server = await startTestServer({ engine, scenarios: createScenarioCatalog(loadScenarioFolder(SCENARIOS_DIR, silentLogger).scenarios) });
}, 30_000);
// Closing waits for the worker's task in flight, if a test left one: up to a stretch or two.
afterAll(async () => {
  await server?.close();
  await engine?.close();
}, 30_000);

type Json = any;
const sha256 = (text: string): string => createHash('sha256').update(text).digest('hex');

/** Polls until `condition` holds or `ms` pass; returns whether it held. */
async function within(ms: number, condition: () => boolean): Promise<boolean> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (condition()) return true;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return condition();
}

describe('the engine on worker threads', () => {
  it('gives the golden trace of every pre-built scenario, stepped in three requests, read back as NDJSON and by run', async () => {
    // Every scenario once, the engine versions in turn, so that each version goes through the
    // workers on two or three scenarios. The engine's own golden test holds every pair in
    // process; what the workers add (snapshots and lines handed across threads, resumed steps)
    // does not depend on the pair, and all sixty took a minute of CI.
    const versions = [...new Set(Object.values(GOLDEN.scenarios).flatMap(({ hashes }) => Object.keys(hashes)))].sort();
    const rotation = Object.entries(GOLDEN.scenarios).map(([scenarioId, { ticks, hashes }], i) => {
      const engineVersion = versions[i % versions.length] as string;
      return { scenarioId, ticks, engineVersion, hash: hashes[engineVersion] };
    });
    expect(new Set(rotation.map(({ engineVersion }) => engineVersion))).toEqual(new Set(versions));
    for (const { scenarioId, ticks, engineVersion, hash } of rotation) {
      const created = await server.call('/v1/simulations', { key: 'key-a', body: { scenarioId, engineVersion } });
      expect(created.status, scenarioId).toBe(201);
      const { id } = (await created.json()) as { id: string };
      // Uneven steps: each resumes on a worker from the snapshot the last one stored.
      const third = Math.floor(ticks / 3);
      for (const n of [third, 1, ticks - third - 1])
        expect((await server.call(`/v1/simulations/${id}/step`, { key: 'key-a', body: { ticks: n } })).status).toBe(200);
      const trace = await server.call(`/v1/simulations/${id}/trace`, { key: 'key-a', headers: { Accept: 'application/x-ndjson' } });
      const ndjson = await trace.text();
      expect(sha256(ndjson), `${scenarioId} ${engineVersion} trace`).toBe(hash);
      // The stored state is where the trace ends.
      const view = (await (await server.call(`/v1/simulations/${id}`, { key: 'key-a' })).json()) as Json;
      const last = JSON.parse(ndjson.trimEnd().split('\n').at(-1) as string) as Json;
      expect(view.state).toMatchObject({ ...last.state, status: view.state.status, tick: ticks });
      const run = await server.call('/v1/simulations/run', {
        key: 'key-a',
        body: { scenarioId, engineVersion, ticks },
        headers: { Accept: 'application/x-ndjson' },
      });
      expect(sha256(await run.text()), `${scenarioId} ${engineVersion} run`).toBe(hash);
    }
    // About 30 s on a shared two-core machine while another test suite runs: a timeout
    // here would leave its steps running on the pool and upset the tests below.
  }, 300_000);

  it('a run whose client disconnects frees its worker within moments and stores nothing', async () => {
    const before = ((await (await server.call('/v1/simulations?limit=1', { key: 'key-b' })).json()) as Json).pagination.total;
    const client = new AbortController();
    const run = fetch(`${server.baseUrl}/v1/simulations/run`, {
      method: 'POST',
      headers: { 'X-Api-Key': 'key-b', 'Content-Type': 'application/json' },
      body: JSON.stringify({ scenario: heavyScenario(), ticks: 10_000 }),
      signal: client.signal,
    }).catch((error: unknown) => error);
    expect(await within(10_000, () => engine.busy === 1), 'the run reached the worker').toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 300));
    client.abort();
    await run;
    const freedAt = Date.now();
    expect(await within(3_000, () => engine.busy === 0), 'the worker is free again').toBe(true);
    // Far sooner than the run (10 000 ticks of 3 000 agents: tens of seconds) would have ended.
    expect(Date.now() - freedAt).toBeLessThan(3_000);
    const after = ((await (await server.call('/v1/simulations?limit=1', { key: 'key-b' })).json()) as Json).pagination.total;
    expect(after).toBe(before);
    // And the pool serves the next request.
    const small = await server.call('/v1/simulations/run', { key: 'key-b', body: { scenarioId: 'calm-equilibrium', ticks: 5 } });
    expect(small.status).toBe(201);
    await small.text();
  }, 60_000);

  it('a step whose client disconnects mid-step stores nothing of it: the simulation stays at its tick and steps on from there', async () => {
    const created = await server.call('/v1/simulations', { key: 'key-b', body: { scenario: heavyScenario() } });
    const { id } = (await created.json()) as { id: string };
    expect((await server.call(`/v1/simulations/${id}/step`, { key: 'key-b', body: { ticks: 2 } })).status).toBe(200);
    const client = new AbortController();
    const step = fetch(`${server.baseUrl}/v1/simulations/${id}/step`, {
      method: 'POST',
      headers: { 'X-Api-Key': 'key-b', 'Content-Type': 'application/json' },
      body: JSON.stringify({ ticks: 10_000 }),
      signal: client.signal,
    }).catch((error: unknown) => error);
    expect(await within(10_000, () => engine.busy === 1), 'the step reached the worker').toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 300));
    client.abort();
    await step;
    expect(await within(3_000, () => engine.busy === 0), 'the worker is free again').toBe(true);
    const view = (await (await server.call(`/v1/simulations/${id}`, { key: 'key-b' })).json()) as Json;
    expect(view.state).toMatchObject({ tick: 2, status: 'idle' });
    // Nothing of the cancelled ticks was stored: no event after tick 2, a trace of two steps.
    expect((await server.storage.simulations.listEvents(id, 0, 100_000)).filter((event) => event.tick > 2)).toEqual([]);
    const trace = await server.call(`/v1/simulations/${id}/trace`, { key: 'key-b', headers: { Accept: 'application/x-ndjson' } });
    expect((await trace.text()).trimEnd().split('\n')).toHaveLength(2);
    const next = await server.call(`/v1/simulations/${id}/step`, { key: 'key-b', body: { ticks: 1 } });
    expect(next.status).toBe(200);
    expect(((await next.json()) as Json).state.tick).toBe(3);
  }, 60_000);

  it('a trace read whose client disconnects stops its replay', async () => {
    const created = await server.call('/v1/simulations', { key: 'key-b', body: { scenario: heavyScenario() } });
    const { id } = (await created.json()) as { id: string };
    expect((await server.call(`/v1/simulations/${id}/step`, { key: 'key-b', body: { ticks: 400 } })).status).toBe(200);
    const client = new AbortController();
    const res = await fetch(`${server.baseUrl}/v1/simulations/${id}/trace`, {
      headers: { 'X-Api-Key': 'key-b', Accept: 'application/x-ndjson' },
      signal: client.signal,
    });
    expect(res.status).toBe(200);
    const tasksBefore = engine.tasks;
    const reader = (res.body as ReadableStream<Uint8Array>).getReader();
    await reader.read();
    client.abort();
    await reader.cancel().catch(() => undefined);
    // The stretch in flight ends; no further stretch is asked for.
    expect(await within(3_000, () => engine.busy === 0)).toBe(true);
    const stretches = engine.tasks - tasksBefore;
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(engine.tasks - tasksBefore, 'stretches computed after the client left').toBe(stretches);
    // 400 ticks of 3 000 agents take many stretches of 50 ms; the client read a few.
    expect(stretches).toBeLessThan(20);
  }, 60_000);

  it('an event stream resumed from the start stops its history replay when its client disconnects', async () => {
    const created = await server.call('/v1/simulations', { key: 'key-b', body: { scenario: heavyScenario() } });
    const { id } = (await created.json()) as { id: string };
    expect((await server.call(`/v1/simulations/${id}/step`, { key: 'key-b', body: { ticks: 400 } })).status).toBe(200);
    const client = new AbortController();
    const res = await fetch(`${server.baseUrl}/v1/simulations/${id}/events`, {
      headers: { 'X-Api-Key': 'key-b', 'Last-Event-ID': '0' },
      signal: client.signal,
    });
    expect(res.status).toBe(200);
    const tasksBefore = engine.tasks;
    const reader = (res.body as ReadableStream<Uint8Array>).getReader();
    let text = '';
    while (!text.includes('event: tick')) text += new TextDecoder().decode((await reader.read()).value);
    client.abort();
    await reader.cancel().catch(() => undefined);
    // The stretch in flight ends; no further stretch is asked for. (Whether one is in flight at
    // the abort depends on the machine's speed: the next stretch waits until the last is read.)
    expect(await within(3_000, () => engine.busy === 0)).toBe(true);
    const stretches = engine.tasks - tasksBefore;
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(engine.tasks - tasksBefore, 'stretches computed after the client left').toBe(stretches);
    expect(engine.busy).toBe(0);
  }, 60_000);
});
