import { DECREE_PAYLOADS } from '@sim/engine';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SimulationBusMessage } from '../../src/simulations/event-bus.js';
import { startTestServer, type TestServer } from '../helpers/test-server.js';
import { createSimulation } from '../helpers/create-simulation.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

const create = (scenarioId?: string): Promise<string> => createSimulation(server, { scenarioId });
const step = (id: string, ticks: number) => server.call(`/v1/simulations/${id}/step`, { key: 'key-a', body: { ticks } });
const json = async (res: Response): Promise<any> => res.json();

describe('decrees', () => {
  it('201 with Location; applied at the next tick; listed in order (asc and desc) with pagination', async () => {
    const id = await create();
    await step(id, 3);
    const first = await server.call(`/v1/simulations/${id}/decrees`, { key: 'key-a', body: { type: 'remove-agent', payload: { id: 'agent-6' } } });
    expect(first.status).toBe(201);
    const decree = await json(first);
    expect(first.headers.get('location')).toBe(`/v1/simulations/${id}/decrees/${decree.id}`);
    expect(decree).toMatchObject({ simulationId: id, type: 'remove-agent', payload: { id: 'agent-6' }, tick: 4 });
    const second = await json(
      await server.call(`/v1/simulations/${id}/decrees`, { key: 'key-a', body: { type: 'shock', payload: DECREE_PAYLOADS.shock.example } }),
    );

    // Not applied yet: the agent is still there and the trace up to tick 3 is unchanged.
    expect((await json(await server.call(`/v1/simulations/${id}`, { key: 'key-a' }))).state.agentCount).toBe(6);
    const after = await json(await step(id, 1));
    expect(after.state).toMatchObject({ tick: 4, agentCount: 5 });

    const asc = await json(await server.call(`/v1/simulations/${id}/decrees`, { key: 'key-a-read' }));
    expect(asc.data.map((d: any) => d.id)).toEqual([decree.id, second.id]);
    expect(asc.pagination).toEqual({ limit: 50, offset: 0, total: 2 });
    const desc = await json(await server.call(`/v1/simulations/${id}/decrees?order=desc&limit=1`, { key: 'key-a' }));
    expect(desc.data.map((d: any) => d.id)).toEqual([second.id]);
    expect(desc.pagination).toEqual({ limit: 1, offset: 0, total: 2 });
    const bad = await server.call(`/v1/simulations/${id}/decrees?order=sideways`, { key: 'key-a' });
    expect((await json(bad)).error.details.issues[0].path).toBe('order');
  });

  it('GET the decree that Location names: 200 with the decree; 401 for another org; 400 non-UUID decreeId; 404 unknown or of another simulation', async () => {
    const id = await create();
    const submitted = await server.call(`/v1/simulations/${id}/decrees`, { key: 'key-a', body: { type: 'remove-agent', payload: { id: 'agent-6' } } });
    const decree = await json(submitted);
    const location = submitted.headers.get('location') ?? '';
    const res = await server.call(location, { key: 'key-a-read' });
    expect(res.status).toBe(200);
    expect(await json(res)).toEqual(decree);

    const other = await server.call(location, { key: 'key-b' });
    expect(other.status).toBe(401);
    expect((await json(other)).error.code).toBe('UNAUTHORIZED');
    const malformed = await server.call(`/v1/simulations/${id}/decrees/not-a-uuid`, { key: 'key-a' });
    expect(malformed.status).toBe(400);
    expect((await json(malformed)).error.details.issues).toEqual([{ path: 'decreeId', message: expect.any(String) }]);
    const unknown = await server.call(`/v1/simulations/${id}/decrees/6f1c2a9e-3b7d-4c1e-9a2f-5d8e7b6a4c3d`, { key: 'key-a' });
    expect(unknown.status).toBe(404);
    expect((await json(unknown)).error.code).toBe('NOT_FOUND');
    const sibling = await create();
    const elsewhere = await server.call(`/v1/simulations/${sibling}/decrees/${decree.id}`, { key: 'key-a' });
    expect(elsewhere.status).toBe(404);
    const noSimulation = await server.call(`/v1/simulations/6f1c2a9e-3b7d-4c1e-9a2f-5d8e7b6a4c3d/decrees/${decree.id}`, { key: 'key-a' });
    expect(noSimulation.status).toBe(404);
    const unscoped = await server.call(location, { key: 'key-a-write' });
    expect(unscoped.status).toBe(403);
    expect((await json(unscoped)).error.details).toEqual({ required: 'simulation:read' });
  });

  it('the trace replays decrees exactly as they were applied', async () => {
    const id = await create();
    await step(id, 2);
    await server.call(`/v1/simulations/${id}/decrees`, { key: 'key-a', body: { type: 'move-agent', payload: { id: 'agent-1', x: 9, y: 9 } } });
    await server.call(`/v1/simulations/${id}/agent-policy`, { method: 'PUT', key: 'key-a', body: { agentId: 'agent-2', policy: { lambda: 3 } } });
    await step(id, 4);
    const trace = await json(await server.call(`/v1/simulations/${id}/trace`, { key: 'key-a' }));
    const now = await json(await server.call(`/v1/simulations/${id}`, { key: 'key-a' }));
    const last = trace.steps.at(-1);
    const { status: _a, ...lastState } = last.state;
    const { status: _b, ...currentState } = now.state;
    expect(lastState).toEqual(currentState);
    expect(trace.steps[2].agents.find((a: any) => a.id === 'agent-2').policy.lambda).toBe(3);
  });

  it('refuses bad decrees: unknown type or payload (400 at the field), unknown entity (404), inactive simulation (409)', async () => {
    const id = await create();
    const unknownType = await server.call(`/v1/simulations/${id}/decrees`, { key: 'key-a', body: { type: 'earthquake', payload: {} } });
    expect(unknownType.status).toBe(400);
    const badPayload = await server.call(`/v1/simulations/${id}/decrees`, {
      key: 'key-a',
      body: { type: 'shock', payload: { x: 1, y: 1, radius: -1, magnitude: 0.5 } },
    });
    expect((await json(badPayload)).error.details.issues[0].path).toBe('payload.radius');
    const missing = await server.call(`/v1/simulations/${id}/decrees`, { key: 'key-a', body: { type: 'remove-agent', payload: { id: 'ghost' } } });
    expect(missing.status).toBe(404);
    const done = await create('short-lived');
    await step(done, 10);
    const inactive = await server.call(`/v1/simulations/${done}/decrees`, { key: 'key-a', body: { type: 'remove-agent', payload: { id: 'solo' } } });
    expect(inactive.status).toBe(409);
    expect((await json(inactive)).error.code).toBe('SIMULATION_NOT_ACTIVE');
  });
});

describe('prophecies', () => {
  it('are stored as the engine makes them, with stable UUIDs and versioned data', async () => {
    const id = await create();
    await step(id, 12);
    const page = await json(await server.call(`/v1/simulations/${id}/prophecies`, { key: 'key-a-read' }));
    expect(page.pagination.total).toBe(2);
    expect(page.data[0]).toMatchObject({ simulationId: id, data: { schema: 'prophecy/4', tick: 5 } });
    expect(page.data[0].id).toMatch(/^[0-9a-f-]{36}$/);
    const desc = await json(await server.call(`/v1/simulations/${id}/prophecies?order=desc`, { key: 'key-a' }));
    expect(desc.data[0].id).toBe(page.data[1].id);
  });
});

describe('agent-policy and time-control', () => {
  it('agent-policy: ok, 404 for an unknown agent, 400 for a bad policy', async () => {
    const id = await create();
    const ok = await server.call(`/v1/simulations/${id}/agent-policy`, { method: 'PUT', key: 'key-a', body: { agentId: 'agent-1', policy: { gamma: 2 } } });
    expect(await json(ok)).toEqual({ ok: true });
    const unknown = await server.call(`/v1/simulations/${id}/agent-policy`, { method: 'PUT', key: 'key-a', body: { agentId: 'nobody', policy: { gamma: 2 } } });
    expect(unknown.status).toBe(404);
    const bad = await server.call(`/v1/simulations/${id}/agent-policy`, { method: 'PUT', key: 'key-a', body: { agentId: 'agent-1', policy: { lambda: 11 } } });
    expect((await json(bad)).error.details.issues[0].path).toBe('policy.lambda');
  });

  it('agent-policy sets belief from engine 1.2.0 on; an older simulation refuses it at policy.belief', async () => {
    const id = await create();
    const ok = await server.call(`/v1/simulations/${id}/agent-policy`, { method: 'PUT', key: 'key-a', body: { agentId: 'agent-2', policy: { belief: 0.25 } } });
    expect(await json(ok)).toEqual({ ok: true });
    await step(id, 1);
    const trace = await json(await server.call(`/v1/simulations/${id}/trace`, { key: 'key-a' }));
    expect(trace.steps.at(-1).agents.find((a: any) => a.id === 'agent-2').policy.belief).toBe(0.25);

    const old = await createSimulation(server, { engineVersion: '1.1.0' });
    const refused = await server.call(`/v1/simulations/${old}/agent-policy`, {
      method: 'PUT',
      key: 'key-a',
      body: { agentId: 'agent-2', policy: { belief: 0.25 } },
    });
    expect(refused.status).toBe(400);
    expect((await json(refused)).error).toMatchObject({ code: 'VALIDATION_ERROR', details: { issues: [{ path: 'policy.belief' }] } });
    const outOfRange = await server.call(`/v1/simulations/${id}/agent-policy`, {
      method: 'PUT',
      key: 'key-a',
      body: { agentId: 'agent-2', policy: { belief: 3 } },
    });
    expect((await json(outOfRange)).error.details.issues[0].path).toBe('policy.belief');
  });

  it('time-control: pause from idle, step advances one tick, play sets playing; speed limits; status events', async () => {
    const id = await create();
    const seen: SimulationBusMessage[] = [];
    const unsubscribe = server.events.subscribe(id, (m) => seen.push(m));
    const tc = (body: unknown) => server.call(`/v1/simulations/${id}/time-control`, { method: 'PUT', key: 'key-a', body });
    expect(await json(await tc({ action: 'pause' }))).toEqual({ ok: true });
    expect((await json(await server.call(`/v1/simulations/${id}`, { key: 'key-a' }))).state).toMatchObject({ status: 'paused', tick: 0 });
    await tc({ action: 'step' });
    expect((await json(await server.call(`/v1/simulations/${id}`, { key: 'key-a' }))).state).toMatchObject({ status: 'paused', tick: 1 });
    await tc({ action: 'play', speed: 2 });
    expect((await json(await server.call(`/v1/simulations/${id}`, { key: 'key-a' }))).state.status).toBe('playing');
    for (const speed of [0.05, 11]) {
      const res = await tc({ action: 'play', speed });
      expect(res.status).toBe(400);
      expect((await json(res)).error.details.issues[0].path).toBe('speed');
    }
    expect((await json(await tc({ action: 'rewind' }))).error.details.issues[0].path).toBe('action');
    unsubscribe();
    const statuses = seen.flatMap((m) => (m.kind === 'event' && m.event.type === 'simulation:status' ? [(m.event.data as any).status] : []));
    expect(statuses).toEqual(['paused', 'playing']);
    expect(seen.some((m) => m.kind === 'tick' && m.step.tick === 1)).toBe(true);
    const seqs = seen.flatMap((m) => (m.kind === 'event' ? [m.event.seq] : []));
    expect(seqs).toEqual([...seqs].sort((a, b) => a - b));
  });

  it('time-control on a completed simulation is 409', async () => {
    const id = await create('short-lived');
    await step(id, 5);
    const res = await server.call(`/v1/simulations/${id}/time-control`, { method: 'PUT', key: 'key-a', body: { action: 'play' } });
    expect(res.status).toBe(409);
  });
});

describe('concurrency', () => {
  it('concurrent steps on one simulation are serialized: none lost, none applied twice', async () => {
    const id = await create();
    const results = await Promise.all(Array.from({ length: 8 }, () => step(id, 3)));
    const ticks = await Promise.all(results.map(async (r) => (await json(r)).state.tick as number));
    expect(ticks.sort((a, b) => a - b)).toEqual([3, 6, 9, 12, 15, 18, 21, 24]);
    const run = await json(await server.call('/v1/simulations/run', { key: 'key-a', body: { scenarioId: 'tiny-valley', ticks: 24 } }));
    const trace = await json(await server.call(`/v1/simulations/${id}/trace`, { key: 'key-a' }));
    expect(trace.steps).toEqual(run.trace.steps);
  });
});
