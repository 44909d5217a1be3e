import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Subscriber, waitFor } from '../live/support/live-server.js';
import { REPO_ROOT, startServerProcess, type ServerProcess } from '../support/server-process.js';
import { createTestPostgresDatabase, type TestPostgresDatabase } from '../support/test-postgres-database.js';

/**
 * Two API processes on one PostgreSQL database behave as one service (docs/operations.md,
 * "Several instances"): what one writes the other reads, their changes of one simulation are
 * serialized, their streams carry each other's ticks with the same ids, idempotency holds
 * across them, and a playing simulation survives the death of the process advancing it.
 */

type Json = any;

let database: TestPostgresDatabase;
let a: ServerProcess;
let b: ServerProcess;
let key: string;
let freeKey: string;
let countedKey: string;
const subscribers: Subscriber[] = [];

/** Reads a minute of the free tier, low enough to reach it in a test. */
const FREE_READS = 8;
/** Short leases so that the takeover after SIGKILL is quick. */
const env = (url: string): Record<string, string> => ({
  DATABASE_URL: url,
  SIM_ENGINE_WORKERS: '1',
  SIM_PLAYBACK_LEASE_MS: '1500',
  SIM_RATE_LIMITS_FREE: `30,60,${FREE_READS}`,
});

beforeAll(async () => {
  database = await createTestPostgresDatabase();
  // A first: it migrates the empty database and prints the bootstrap key.
  a = await startServerProcess({ env: env(database.url), timeoutMs: 60_000 });
  if (a.apiKey === undefined) throw new Error(`no bootstrap key; output:\n${a.output()}`);
  key = a.apiKey;
  // A free organization's key, made by the operator CLI on the shared database (before any
  // request: a client's idle keep-alive socket would outlive the servers' keep-alive timeout).
  const org = cli(['orgs', 'create', '--name', 'free-org', '--tier', 'free', '--json']) as { id: string };
  freeKey = (cli(['keys', 'create', '--org', org.id, '--scopes', 'simulation:read,simulation:write', '--json']) as { key: string }).key;
  const counted = cli(['orgs', 'create', '--name', 'free-counted', '--tier', 'free', '--json']) as { id: string };
  countedKey = (cli(['keys', 'create', '--org', counted.id, '--scopes', 'simulation:read', '--json']) as { key: string }).key;
  b = await startServerProcess({ env: env(database.url), timeoutMs: 60_000 });
}, 120_000);

afterAll(async () => {
  if (process.env.SHOW_SERVER_OUTPUT) console.log(`A:\n${a?.output()}\nB:\n${b?.output()}`);
  for (const subscriber of subscribers) subscriber.close();
  await Promise.all([a?.stop(), b?.stop()]);
  await database?.drop();
}, 60_000);

async function call(
  server: ServerProcess,
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: Json; headers: Headers }> {
  const res = await fetch(`${server.baseUrl}${path}`, {
    method,
    headers: { 'X-Api-Key': key, 'Content-Type': 'application/json', ...headers },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await res.text();
  return { status: res.status, body: text === '' ? undefined : JSON.parse(text), headers: res.headers };
}

async function create(server: ServerProcess, scenarioId = 'calm-equilibrium'): Promise<string> {
  const created = await call(server, 'POST', '/v1/simulations', { scenarioId });
  expect(created.status).toBe(201);
  return created.body.id as string;
}

function subscribe(server: ServerProcess, id: string): Subscriber {
  const subscriber = new Subscriber(`${server.baseUrl}/v1/simulations/${id}/events`, key);
  subscribers.push(subscriber);
  return subscriber;
}

/** The operator CLI on the shared database, `--json` output parsed. */
function cli(args: string[]): unknown {
  const result = spawnSync(process.execPath, ['--conditions=@sim/source', '--import', 'tsx', join(REPO_ROOT, 'apps/api/src/cli/main.ts'), ...args], {
    cwd: REPO_ROOT,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', DATABASE_URL: database.url },
    encoding: 'utf8',
  });
  if (result.status !== 0) throw new Error(`cli ${args.join(' ')} failed: ${result.stderr}`);
  return JSON.parse(result.stdout) as unknown;
}

const tickOf = (data: string): number => (JSON.parse(data) as { t: number }).t;

// Two cold server processes on a loaded machine answer their first requests slowly.
describe('two API instances on one PostgreSQL', { timeout: 60_000 }, () => {
  it('a simulation created on A is stepped on B and read back on A', async () => {
    const id = await create(a);
    const stepped = await call(b, 'POST', `/v1/simulations/${id}/step`, { ticks: 5 });
    expect(stepped.status).toBe(200);
    const read = await call(a, 'GET', `/v1/simulations/${id}`);
    expect(read.status).toBe(200);
    expect(read.body.state.tick).toBe(5);
  });

  it('a stream on A receives the ticks and events B produces, with contiguous ids, as a replay gives them', async () => {
    const id = await create(a);
    const live = subscribe(a, id);
    await live.opened();
    await call(b, 'POST', `/v1/simulations/${id}/step`, { ticks: 3 });
    const decree = await call(b, 'POST', `/v1/simulations/${id}/decrees`, { type: 'shock', payload: { x: 4, y: 4, radius: 3, magnitude: 0.4 } });
    expect(decree.status).toBe(201);
    await call(b, 'POST', `/v1/simulations/${id}/step`, { ticks: 4 });
    await call(a, 'POST', `/v1/simulations/${id}/step`, { ticks: 2 });
    await call(b, 'POST', `/v1/simulations/${id}/step`, { ticks: 1 });
    await live.until((received) => received.filter((m) => m.event === 'tick').length >= 10, 20_000);
    const history = live.history();
    expect(history.filter((m) => m.event === 'tick').map((m) => tickOf(m.data))).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(history.some((m) => m.event === 'decree')).toBe(true);
    // Ids count every message of the history: contiguous from 1.
    expect(history.map((m) => Number(m.id))).toEqual(history.map((_, i) => i + 1));
    // The same history read back from the other instance's replay: same ids, same messages.
    const replay = new Subscriber(`${b.baseUrl}/v1/simulations/${id}/events`, key, { lastEventId: '0' });
    subscribers.push(replay);
    await replay.until((received) => received.filter((m) => m.event === 'tick').length >= 10, 20_000);
    expect(replay.history().slice(0, history.length)).toEqual(history);
  });

  it('20 concurrent steps split over A and B all apply, one after another', async () => {
    const id = await create(b);
    const steps = await Promise.all(Array.from({ length: 20 }, (_, i) => call(i % 2 === 0 ? a : b, 'POST', `/v1/simulations/${id}/step`, { ticks: 1 })));
    expect(steps.map((s) => s.status)).toEqual(Array(20).fill(200));
    // Each answer is the state after its own tick: twenty distinct ticks, 1 to 20.
    expect(steps.map((s) => s.body.state.tick as number).sort((x, y) => x - y)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    expect((await call(a, 'GET', `/v1/simulations/${id}`)).body.state.tick).toBe(20);
  });

  it('an idempotent retry on B replays the response A gave', async () => {
    const headers = { 'Idempotency-Key': `two-instances-${Date.now()}` };
    const first = await call(a, 'POST', '/v1/simulations', { scenarioId: 'calm-equilibrium' }, headers);
    expect(first.status).toBe(201);
    const retried = await call(b, 'POST', '/v1/simulations', { scenarioId: 'calm-equilibrium' }, headers);
    expect(retried.status).toBe(201);
    expect(retried.headers.get('idempotency-replayed')).toBe('true');
    expect(retried.body).toEqual(first.body);
  });

  it('one rate-limit window counts the requests of both instances', async () => {
    const list = (server: ServerProcess): Promise<Response> => fetch(`${server.baseUrl}/v1/simulations`, { headers: { 'X-Api-Key': countedKey } });
    const statuses: number[] = [];
    for (let i = 0; i < FREE_READS + 2; i++) statuses.push((await list(i % 2 === 0 ? a : b)).status);
    expect(statuses.slice(0, FREE_READS)).toEqual(Array(FREE_READS).fill(200));
    expect(statuses.slice(FREE_READS)).toEqual([429, 429]);
  });

  it('the concurrent-stream limit counts the streams of both instances', async () => {
    // A free organization has 2 streams: one on A and one on B leave none.
    const theirs = freeKey;
    const created = await fetch(`${a.baseUrl}/v1/simulations`, {
      method: 'POST',
      headers: { 'X-Api-Key': theirs, 'Content-Type': 'application/json' },
      body: JSON.stringify({ scenarioId: 'calm-equilibrium' }),
    });
    const id = ((await created.json()) as { id: string }).id;
    const open = (server: ServerProcess): Promise<Response> => fetch(`${server.baseUrl}/v1/simulations/${id}/events`, { headers: { 'X-Api-Key': theirs } });
    const one = await open(a);
    const two = await open(b);
    expect([one.status, two.status]).toEqual([200, 200]);
    const three = await open(b);
    expect(three.status).toBe(429);
    await one.body?.cancel();
    await two.body?.cancel();
  }, 60_000);

  it('playback goes on after SIGKILL of the process advancing it: every tick once, in order', async () => {
    const id = await create(b);
    // B watches; A is asked to play, so A takes the lease and advances the simulation.
    const watch = subscribe(b, id);
    await watch.opened();
    const played = await call(a, 'PUT', `/v1/simulations/${id}/time-control`, { action: 'play', speed: 1 });
    expect(played.status).toBe(200);
    await watch.until((received) => received.filter((m) => m.event === 'tick').length >= 5, 20_000);
    await a.kill();
    const ticksAtKill = watch.ticks().length;
    // B takes the expired lease over within a few seconds and the ticks go on.
    await watch.until((received) => received.filter((m) => m.event === 'tick').length >= ticksAtKill + 10, 20_000);
    const ticks = watch.ticks();
    expect(ticks).toEqual(ticks.map((_, i) => i + 1));
    const history = watch.history();
    expect(history.map((m) => Number(m.id))).toEqual(history.map((_, i) => i + 1));
    const state = await call(b, 'GET', `/v1/simulations/${id}`);
    expect(state.body.state.status).toBe('playing');
    await call(b, 'PUT', `/v1/simulations/${id}/time-control`, { action: 'pause' });
    await waitFor(() => watch.received.some((m) => m.event === 'simulation:status' && m.data.includes('"paused"')), 10_000, 'no pause event');
  }, 60_000);
});
