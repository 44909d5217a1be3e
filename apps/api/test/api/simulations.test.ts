import { getAdapter } from '@sim/domain-adapters';
import { TraceStepSchema } from '@sim/engine';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORG_A, ORG_B } from '../helpers/test-authenticator.js';
import { readNdjson, startTestServer, type TestServer } from '../helpers/test-server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

async function create(body: unknown = { scenarioId: 'tiny-valley' }, key = 'key-a'): Promise<{ id: string; [k: string]: unknown }> {
  const res = await server.call('/v1/simulations', { key, body });
  expect(res.status).toBe(201);
  return (await res.json()) as { id: string };
}

describe('POST /v1/simulations', () => {
  it('creates from a pre-built scenario: 201, Location, idle state at tick 0, default engine version', async () => {
    const res = await server.call('/v1/simulations', { key: 'key-a', body: { scenarioId: 'tiny-valley' } });
    expect(res.status).toBe(201);
    const body = (await res.json()) as Record<string, any>;
    expect(body.id).toMatch(UUID);
    expect(res.headers.get('location')).toBe(`/v1/simulations/${body.id}`);
    expect(body).toMatchObject({ scenarioId: 'tiny-valley', organizationId: ORG_A, engineVersion: '1.4.0' });
    expect(body.state).toMatchObject({ tick: 0, status: 'idle', agentCount: 6 });
  });

  it('creates from an inline scenario with a pinned engine version', async () => {
    const scenario = { seed: 3, agents: [{ id: 'a', marker: { x: 1, y: 1 } }], initialState: { width: 4, height: 4 } };
    const body = await create({ scenario, engineVersion: '1.0.0' });
    expect(body).toMatchObject({ scenarioId: 'inline', engineVersion: '1.0.0' });
  });

  it('reports inline scenario problems at dotted paths', async () => {
    const scenario = { seed: 3, agents: [{ id: 'a', marker: { x: 1, y: 1 }, policy: { lambda: -1 } }], initialState: { width: 4, height: 4 } };
    const res = await server.call('/v1/simulations', { key: 'key-a', body: { scenario } });
    expect(res.status).toBe(400);
    const { error } = (await res.json()) as any;
    expect(error.code).toBe('VALIDATION_ERROR');
    expect(error.details.issues.map((i: any) => i.path)).toContain('scenario.agents.0.policy.lambda');
  });

  it('needs exactly one of scenarioId and scenario', async () => {
    for (const body of [{}, { scenarioId: 'tiny-valley', scenario: { seed: 1, agents: [], initialState: { width: 4, height: 4 } } }]) {
      const res = await server.call('/v1/simulations', { key: 'key-a', body });
      expect(res.status).toBe(400);
      const { error } = (await res.json()) as any;
      const issue = error.details.issues.find((i: any) => i.path === '');
      expect(issue.message).toMatch(/scenarioId/);
      expect(issue.message).toMatch(/scenario\b/);
    }
  });

  it('reports an exactly-one-of violation together with the other issues of the body', async () => {
    const body = { scenarioId: 'tiny-valley', scenario: { seed: 1, agents: [], initialState: {} }, foo: 1 };
    const res = await server.call('/v1/simulations', { key: 'key-a', body });
    expect(res.status).toBe(400);
    const issues = ((await res.json()) as any).error.details.issues;
    expect(issues).toContainEqual({ path: '', message: 'Give exactly one of scenarioId or scenario, not scenarioId and scenario' });
    expect(issues.map((i: any) => i.path)).toEqual(expect.arrayContaining(['scenario.initialState.width', 'foo']));
  });

  it('reports each unknown field at its own path: the body’s at the key, a domain input’s under input.', async () => {
    const res = await server.call('/v1/simulations', { key: 'key-a', body: { scenarioId: 'tiny-valley', foo: 1, bar: 2 } });
    expect(res.status).toBe(400);
    expect(((await res.json()) as any).error.details.issues).toEqual([
      { path: 'foo', message: 'Unrecognized key: "foo"' },
      { path: 'bar', message: 'Unrecognized key: "bar"' },
    ]);
    const nested = await server.call('/v1/simulations', {
      key: 'key-a',
      body: { scenario: { seed: 1, agents: [], initialState: { width: 4, height: 4, zzz: 1 } } },
    });
    expect(((await nested.json()) as any).error.details.issues).toEqual([{ path: 'scenario.initialState.zzz', message: 'Unrecognized key: "zzz"' }]);
    const input = { ...(getAdapter('epidemic')?.example as object), zzz: true };
    const domain = await server.call('/v1/simulations/from-domain', { key: 'key-a', body: { domain: 'epidemic', input } });
    expect(domain.status).toBe(400);
    expect(((await domain.json()) as any).error.details.issues).toEqual([{ path: 'input.zzz', message: 'Unrecognized key: "zzz"' }]);
  });

  it('refuses an unknown engine version at path engineVersion, and an unknown scenario with 404', async () => {
    const bad = await server.call('/v1/simulations', { key: 'key-a', body: { scenarioId: 'tiny-valley', engineVersion: '9.9.9' } });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as any).error.details.issues[0].path).toBe('engineVersion');
    const missing = await server.call('/v1/simulations', { key: 'key-a', body: { scenarioId: 'nope' } });
    expect(missing.status).toBe(404);
    expect(((await missing.json()) as any).error.code).toBe('NOT_FOUND');
  });

  it('refuses an organizationId that is not the key’s (403), accepts a JWT caller’s second org', async () => {
    const res = await server.call('/v1/simulations', { key: 'key-a', body: { scenarioId: 'tiny-valley', organizationId: ORG_B } });
    expect(res.status).toBe(403);
    expect(((await res.json()) as any).error.code).toBe('FORBIDDEN');
    const jwt = await server.call('/v1/simulations', { bearer: 'jwt-ab', body: { scenarioId: 'tiny-valley', organizationId: ORG_B } });
    expect(jwt.status).toBe(201);
    expect(((await jwt.json()) as any).organizationId).toBe(ORG_B);
  });

  it('needs simulation:write (403 with details.required) and credentials (401)', async () => {
    const res = await server.call('/v1/simulations', { key: 'key-a-read', body: { scenarioId: 'tiny-valley' } });
    expect(res.status).toBe(403);
    expect(((await res.json()) as any).error.details).toEqual({ required: 'simulation:write' });
    const anonymous = await server.call('/v1/simulations', { body: { scenarioId: 'tiny-valley' } });
    expect(anonymous.status).toBe(401);
  });
});

describe('GET /v1/simulations and /{id}', () => {
  it('gets a simulation of the caller’s org; 401 for another org’s; 404 unknown; 400 non-UUID', async () => {
    const { id } = await create();
    const res = await server.call(`/v1/simulations/${id}`, { key: 'key-a-read' });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ id, scenarioId: 'tiny-valley', organizationId: ORG_A, state: { tick: 0, status: 'idle' } });
    expect((await server.call(`/v1/simulations/${id}`, { key: 'key-b' })).status).toBe(401);
    expect((await server.call('/v1/simulations/6f1c2a9e-3b7d-4c1e-9a2f-5d8e7b6a4c3d', { key: 'key-a' })).status).toBe(404);
    const bad = await server.call('/v1/simulations/not-a-uuid', { key: 'key-a' });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as any).error.details.issues[0].path).toBe('id');
  });

  it('lists with the pagination envelope; API keys see their org only; JWT may filter', async () => {
    await create({ scenarioId: 'tiny-valley' }, 'key-b');
    const res = await server.call('/v1/simulations?limit=2&offset=0', { key: 'key-a' });
    expect(res.status).toBe(200);
    const page = (await res.json()) as any;
    expect(page.pagination).toMatchObject({ limit: 2, offset: 0 });
    expect(page.pagination.total).toBeGreaterThan(2);
    expect(page.data).toHaveLength(2);
    expect(page.data.every((s: any) => s.organizationId === ORG_A)).toBe(true);
    // The filter is ignored for API keys.
    const ignored = (await (await server.call(`/v1/simulations?organizationId=${ORG_B}`, { key: 'key-a' })).json()) as any;
    expect(ignored.data.every((s: any) => s.organizationId === ORG_A)).toBe(true);
    const all = (await (await server.call('/v1/simulations?limit=200', { bearer: 'jwt-ab' })).json()) as any;
    expect(new Set(all.data.map((s: any) => s.organizationId))).toEqual(new Set([ORG_A, ORG_B]));
    const onlyB = (await (await server.call(`/v1/simulations?organizationId=${ORG_B}`, { bearer: 'jwt-ab' })).json()) as any;
    expect(onlyB.data.every((s: any) => s.organizationId === ORG_B)).toBe(true);
  });

  it('ignores an API key’s organizationId filter whatever its value; a JWT caller’s must be a UUID', async () => {
    for (const value of ['foo', ORG_B, '']) {
      const res = await server.call(`/v1/simulations?organizationId=${encodeURIComponent(value)}`, { key: 'key-a' });
      expect(res.status, value).toBe(200);
      const page = (await res.json()) as any;
      expect(page.data.length, value).toBeGreaterThan(0);
      expect(
        page.data.every((s: any) => s.organizationId === ORG_A),
        value,
      ).toBe(true);
    }
    const jwt = await server.call('/v1/simulations?organizationId=foo', { bearer: 'jwt-ab' });
    expect(jwt.status).toBe(400);
    expect(((await jwt.json()) as any).error).toMatchObject({
      code: 'VALIDATION_ERROR',
      details: { issues: [{ path: 'organizationId', message: 'Invalid UUID' }] },
    });
    const doc = (await (await server.call('/v1/openapi.json')).json()) as any;
    const param = doc.paths['/v1/simulations'].get.parameters.find((p: any) => p.name === 'organizationId');
    expect(param).toMatchObject({ in: 'query', required: false, schema: { type: 'string', format: 'uuid' } });
  });

  it('validates limit and offset', async () => {
    for (const query of ['limit=0', 'limit=201', 'limit=1.5', 'offset=-1', 'limit=abc']) {
      const res = await server.call(`/v1/simulations?${query}`, { key: 'key-a' });
      expect(res.status, query).toBe(400);
      expect(((await res.json()) as any).error.details.issues[0].path).toBe(query.split('=')[0]);
    }
  });
});

describe('step, run and trace', () => {
  it('validates ticks: 0 and 10001 are refused, so is a fraction', async () => {
    const { id } = await create();
    for (const ticks of [0, 10_001, 1.5, '3']) {
      const res = await server.call(`/v1/simulations/${id}/step`, { key: 'key-a', body: { ticks } });
      expect(res.status).toBe(400);
      expect(((await res.json()) as any).error.details.issues[0].path).toBe('ticks');
    }
  });

  it('create + step N gives the same steps as run N, in JSON and NDJSON', async () => {
    const { id } = await create();
    await server.call(`/v1/simulations/${id}/step`, { key: 'key-a', body: { ticks: 7 } });
    const stepped = await server.call(`/v1/simulations/${id}/step`, { key: 'key-a', body: { ticks: 5 } });
    expect(stepped.status).toBe(200);
    expect(await stepped.json()).toMatchObject({ ticks: 5, state: { tick: 12, status: 'idle' } });

    const run = await server.call('/v1/simulations/run', { key: 'key-a', body: { scenarioId: 'tiny-valley', ticks: 12 } });
    expect(run.status).toBe(201);
    const runBody = (await run.json()) as any;
    expect(run.headers.get('location')).toBe(`/v1/simulations/${runBody.simulationId}`);
    expect(runBody.engineVersion).toBe('1.4.0');
    expect(runBody.trace.steps).toHaveLength(12);
    expect(runBody.trace.metadata).toMatchObject({ scenarioId: 'tiny-valley', ticks: 12 });

    const trace = (await (await server.call(`/v1/simulations/${id}/trace`, { key: 'key-a' })).json()) as any;
    expect(trace.steps).toEqual(runBody.trace.steps);
    expect(trace.initialState).toEqual(runBody.trace.initialState);

    const ndjson = await server.call(`/v1/simulations/${id}/trace`, { key: 'key-a', headers: { Accept: 'application/x-ndjson' } });
    expect(ndjson.headers.get('content-type')).toMatch(/application\/x-ndjson/);
    const lines = await readNdjson(ndjson);
    expect(lines).toHaveLength(12);
    for (const line of lines) expect(TraceStepSchema.safeParse(line).success).toBe(true);
    expect(lines).toEqual(runBody.trace.steps);

    const runNd = await server.call('/v1/simulations/run', {
      key: 'key-a',
      body: { scenarioId: 'tiny-valley', ticks: 12 },
      headers: { Accept: 'application/x-ndjson' },
    });
    expect(runNd.status).toBe(201);
    expect(await readNdjson(runNd)).toEqual(lines);
    // After run the simulation stays idle.
    const after = (await (await server.call(`/v1/simulations/${runBody.simulationId}`, { key: 'key-a' })).json()) as any;
    expect(after.state).toMatchObject({ tick: 12, status: 'idle' });
  });

  it('trace is 404 before the first tick', async () => {
    const { id } = await create();
    const res = await server.call(`/v1/simulations/${id}/trace`, { key: 'key-a' });
    expect(res.status).toBe(404);
    expect(((await res.json()) as any).error.code).toBe('NOT_FOUND');
  });

  it('completes at maxTicks: fewer ticks advanced, then 409 SIMULATION_NOT_ACTIVE', async () => {
    const { id } = await create({ scenarioId: 'short-lived' });
    const res = await server.call(`/v1/simulations/${id}/step`, { key: 'key-a', body: { ticks: 100 } });
    expect(await res.json()).toMatchObject({ ticks: 5, state: { tick: 5, status: 'completed' } });
    const again = await server.call(`/v1/simulations/${id}/step`, { key: 'key-a', body: { ticks: 1 } });
    expect(again.status).toBe(409);
    expect(((await again.json()) as any).error.code).toBe('SIMULATION_NOT_ACTIVE');
  });

  it('run needs exactly one of scenarioId, scenario or domain, and input with domain', async () => {
    const none = await server.call('/v1/simulations/run', { key: 'key-a', body: { ticks: 3 } });
    expect(none.status).toBe(400);
    expect(((await none.json()) as any).error.details.issues).toEqual([{ path: '', message: expect.stringMatching(/scenarioId.*domain/) }]);
    const both = await server.call('/v1/simulations/run', { key: 'key-a', body: { ticks: 3, scenarioId: 'tiny-valley', domain: 'epidemic', input: {} } });
    expect(both.status).toBe(400);
    const noInput = await server.call('/v1/simulations/run', { key: 'key-a', body: { ticks: 3, domain: 'epidemic' } });
    expect(((await noInput.json()) as any).error.details.issues[0].path).toBe('input');
    for (const ticks of [0, 10_001]) {
      const res = await server.call('/v1/simulations/run', { key: 'key-a', body: { ticks, scenarioId: 'tiny-valley' } });
      expect(((await res.json()) as any).error.details.issues[0].path).toBe('ticks');
    }
  });

  it('run reports exactly-one-of and input-with-domain together with the other issues of the body', async () => {
    const both = await server.call('/v1/simulations/run', {
      key: 'key-a',
      body: { ticks: 0, scenarioId: 'tiny-valley', scenario: { seed: 1, agents: [], initialState: {} } },
    });
    expect(both.status).toBe(400);
    const bothIssues = ((await both.json()) as any).error.details.issues;
    expect(bothIssues).toContainEqual({ path: '', message: 'Give exactly one of scenarioId, scenario or domain, not scenarioId and scenario' });
    expect(bothIssues.map((i: any) => i.path)).toEqual(expect.arrayContaining(['ticks', 'scenario.initialState.width']));
    const none = await server.call('/v1/simulations/run', { key: 'key-a', body: { ticks: 0, input: {} } });
    expect(((await none.json()) as any).error.details.issues).toEqual(
      expect.arrayContaining([
        { path: 'ticks', message: expect.any(String) },
        { path: '', message: 'Exactly one of scenarioId, scenario or domain is required' },
        { path: 'input', message: 'input is only allowed together with domain' },
      ]),
    );
    const domain = await server.call('/v1/simulations/run', {
      key: 'key-a',
      body: { ticks: 3, domain: 'epidemic', scenarioId: 'tiny-valley', engineVersion: '9.9.9' },
    });
    expect(((await domain.json()) as any).error.details.issues.map((i: any) => i.path)).toEqual(expect.arrayContaining(['', 'input', 'engineVersion']));
  });

  it('reports the body rules even after a fraction where an integer belongs, which stops zod before them', async () => {
    const run = await server.call('/v1/simulations/run', { key: 'key-a', body: { ticks: 1.5, scenarioId: 'tiny-valley', domain: 'epidemic' } });
    expect(run.status).toBe(400);
    expect(((await run.json()) as any).error.details.issues).toEqual(
      expect.arrayContaining([
        { path: 'ticks', message: expect.any(String) },
        { path: '', message: 'Give exactly one of scenarioId, scenario or domain, not scenarioId and domain' },
        { path: 'input', message: 'input is required together with domain' },
      ]),
    );
    const scenario = { seed: 1, agents: [], initialState: { width: 4.5, height: 4 } };
    const create = await server.call('/v1/simulations', { key: 'key-a', body: { scenarioId: 'tiny-valley', scenario } });
    const issues = ((await create.json()) as any).error.details.issues;
    expect(issues).toContainEqual({ path: '', message: 'Give exactly one of scenarioId or scenario, not scenarioId and scenario' });
    expect(issues.map((i: any) => i.path)).toContain('scenario.initialState.width');
  });

  it('another org’s simulation is 401 on every /{id} route', async () => {
    const { id } = await create();
    const calls: [string, string, unknown?][] = [
      ['GET', ''],
      ['POST', '/step', { ticks: 1 }],
      ['GET', '/trace'],
      ['GET', '/states/1'],
      ['PUT', '/agent-policy', { agentId: 'agent-1', policy: { lambda: 1 } }],
      ['PUT', '/time-control', { action: 'pause' }],
      ['POST', '/decrees', { type: 'remove-agent', payload: { id: 'agent-1' } }],
      ['GET', '/decrees'],
      ['GET', '/decrees/6f1c2a9e-3b7d-4c1e-9a2f-5d8e7b6a4c3d'],
      ['GET', '/prophecies'],
    ];
    for (const [method, suffix, body] of calls) {
      const res = await server.call(`/v1/simulations/${id}${suffix}`, { method, key: 'key-b', body });
      expect(res.status, `${method} ${suffix}`).toBe(401);
      expect(((await res.json()) as any).error.code).toBe('UNAUTHORIZED');
    }
  });
});
