import { Validator } from '@seriousme/openapi-schema-validator';
import { DEFAULT_ENGINE_VERSION, DEFAULT_POLICY, ENGINE_VERSIONS, RULE_DEFAULTS } from '@sim/engine';
import { getAdapter } from '@sim/domain-adapters';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { silentLogger } from '../../src/lib/logger.js';
import { loadScenarioFolder } from '../../src/scenarios/load-scenario-folder.js';
import { createSimulation } from '../helpers/create-simulation.js';
import { FIXTURE_SCENARIOS, startTestServer, type TestServer } from '../helpers/test-server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});
const json = async (res: Response): Promise<any> => res.json();

describe('errors and request ids', () => {
  it('echoes X-Request-Id on success and in the error envelope; generates one when absent', async () => {
    const ok = await server.call('/v1/health', { headers: { 'X-Request-Id': 'trace-123' } });
    expect(ok.headers.get('x-request-id')).toBe('trace-123');
    // A simulation read answers with a response built complete (see completeResponse).
    const simulationId = await createSimulation(server);
    const read = await server.call(`/v1/simulations/${simulationId}`, { key: 'key-a', headers: { 'X-Request-Id': 'trace-read' } });
    expect([read.status, read.headers.get('x-request-id')]).toEqual([200, 'trace-read']);
    expect((await server.call(`/v1/simulations/${simulationId}`, { key: 'key-a' })).headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    const missing = await server.call('/v1/nothing-here', { headers: { 'X-Request-Id': 'trace-404' } });
    expect(missing.status).toBe(404);
    expect(missing.headers.get('x-request-id')).toBe('trace-404');
    expect(await json(missing)).toEqual({ error: { code: 'NOT_FOUND', message: expect.any(String), details: null, requestId: 'trace-404' } });
    const generated = await server.call('/v1/simulations', { body: {} });
    expect(generated.status).toBe(401);
    const id = generated.headers.get('x-request-id');
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect((await json(generated)).error.requestId).toBe(id);
  });

  it('malformed JSON and a wrong content type are 400 VALIDATION_ERROR at path ""', async () => {
    const malformed = await server.call('/v1/simulations', { key: 'key-a', body: '{"scenarioId":', headers: { 'X-Request-Id': 'bad-json' } });
    expect(malformed.status).toBe(400);
    const body = await json(malformed);
    expect(body.error).toMatchObject({ code: 'VALIDATION_ERROR', requestId: 'bad-json', details: { issues: [{ path: '' }] } });
    const wrongType = await server.call('/v1/simulations', { key: 'key-a', body: 'scenarioId=tiny-valley', headers: { 'Content-Type': 'text/plain' } });
    expect(wrongType.status).toBe(400);
    expect((await json(wrongType)).error.code).toBe('VALIDATION_ERROR');
  });

  it('a body over 1 MiB is 413 PAYLOAD_TOO_LARGE', async () => {
    // Its own server: the refused upload's connection is closed, and fetch might reuse it.
    const own = await startTestServer();
    const res = await own.call('/v1/simulations', { key: 'key-a', body: JSON.stringify({ scenarioId: 'x'.repeat(1024 * 1024 + 10) }) });
    expect(res.status).toBe(413);
    expect((await json(res)).error.code).toBe('PAYLOAD_TOO_LARGE');
    await own.close();
  });

  it('both credentials at once are 401', async () => {
    const res = await server.call('/v1/simulations', { key: 'key-a', bearer: 'jwt-ab' });
    expect(res.status).toBe(401);
  });

  it('a missing read scope is 403 FORBIDDEN with details.required', async () => {
    const res = await server.call('/v1/simulations', { key: 'key-a-write' });
    expect(res.status).toBe(403);
    expect((await json(res)).error).toMatchObject({ code: 'FORBIDDEN', details: { required: 'simulation:read' } });
  });
});

describe('public endpoints', () => {
  it('health gives versions and the database state', async () => {
    const res = await server.call('/v1/health');
    expect(res.status).toBe(200);
    expect(await json(res)).toMatchObject({
      status: 'ok',
      version: '1.0.0-test',
      engineVersions: [...ENGINE_VERSIONS],
      defaultEngineVersion: DEFAULT_ENGINE_VERSION,
      database: 'ok',
    });
  });

  it('health is 503 with the same shape when the database does not answer', async () => {
    const down = await startTestServer();
    await down.storage.close();
    const res = await down.call('/v1/health');
    expect(res.status).toBe(503);
    expect(await json(res)).toMatchObject({ status: 'unavailable', database: 'unavailable', engineVersions: [...ENGINE_VERSIONS] });
    await down.close();
  });

  it('scenarios: list of summaries, one in full, 404 unknown', async () => {
    const list = await json(await server.call('/v1/scenarios'));
    expect(Object.keys(list)).toEqual(['data']);
    expect(list.data.map((s: any) => s.id)).toEqual(['short-lived', 'tiny-valley']);
    expect(list.data[1]).toEqual({ id: 'tiny-valley', label: 'Tiny valley', seed: 42, tags: ['test'], note: expect.any(String) });
    const full = await json(await server.call('/v1/scenarios/tiny-valley'));
    expect(full).toMatchObject({ id: 'tiny-valley', nodeLabels: { x: 'x', y: 'y' }, rules: { prophecyInterval: 5 } });
    expect(full.agents).toHaveLength(6);
    expect((await server.call('/v1/scenarios/nope')).status).toBe(404);
  });

  it('scenarios: as written by default, every rule and policy parameter with ?resolved=true (docs/api.md, "Pre-built scenarios")', async () => {
    const written = await json(await server.call('/v1/scenarios/tiny-valley'));
    const resolved = await json(await server.call('/v1/scenarios/tiny-valley?resolved=true'));
    expect(written.rules.reflexivity).toBeUndefined();
    expect(await json(await server.call('/v1/scenarios/tiny-valley?resolved=false'))).toEqual(written);
    // The file's own rule kept, every other one at the engine's default.
    expect(resolved.rules).toEqual({ ...RULE_DEFAULTS, ...written.rules, warningThresholds: [0.5, 0.25] });
    expect(resolved.rules.prophecyInterval).toBe(5);
    for (const [i, agent] of resolved.agents.entries()) {
      expect(agent.policy).toEqual({ ...DEFAULT_POLICY, ...written.agents[i].policy });
      expect({ ...agent, policy: written.agents[i].policy }).toEqual(written.agents[i]);
    }
    const bad = await server.call('/v1/scenarios/tiny-valley?resolved=yes');
    expect(bad.status).toBe(400);
    expect((await json(bad)).error.details.issues.map((issue: { path: string }) => issue.path)).toEqual(['resolved']);
  });

  it('the scenario loader skips broken files, naming each, and keeps the others', () => {
    const warnings: string[] = [];
    const { scenarios, problems } = loadScenarioFolder(FIXTURE_SCENARIOS, { ...silentLogger, warn: (m) => warnings.push(m) });
    expect(scenarios.map((s) => s.id).sort()).toEqual(['short-lived', 'tiny-valley']);
    expect(problems.map((p) => p.file).sort()).toEqual(['broken.json', 'not-json.json']);
    expect(problems.find((p) => p.file === 'broken.json')?.problem).toMatch(/initialState\.width/);
    expect(warnings.some((w) => w.includes('not-json.json'))).toBe(true);
  });

  it('domains: list, one, 404', async () => {
    const list = await json(await server.call('/v1/domains'));
    expect(list.data.length).toBeGreaterThan(0);
    expect(list.data[0]).toEqual({
      id: expect.any(String),
      label: expect.any(String),
      description: expect.any(String),
      inputSchema: expect.any(Object),
      stateSchema: expect.toSatisfy((schema: unknown) => schema === null || typeof schema === 'object'),
      example: expect.anything(),
    });
    const one = await json(await server.call(`/v1/domains/${list.data[0].id}`));
    expect(one.id).toBe(list.data[0].id);
    expect((await server.call('/v1/domains/astrology')).status).toBe(404);
  });

  it('serves a valid OpenAPI 3.1 document listing engine versions and security on protected routes', async () => {
    const doc = await json(await server.call('/v1/openapi.json'));
    expect(doc.openapi).toBe('3.1.0');
    const result = await new Validator().validate(doc);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(doc.components.schemas.EngineVersion.enum).toEqual([...ENGINE_VERSIONS]);
    expect(doc.paths['/v1/simulations/{id}/step'].post.security).toEqual([{ ApiKeyAuth: [] }, { BearerAuth: [] }]);
    // Public: no credentials, said outright.
    expect(doc.paths['/v1/scenarios'].get.security).toEqual([]);
    const examples = doc.paths['/v1/simulations/{id}/decrees'].post.requestBody.content['application/json'].examples;
    expect(Object.keys(examples)).toContain('shock');
    for (const name of ['TraceStep', 'DecreeInput', 'ProphecyData', 'SimulationState', 'Simulation', 'Error'])
      expect(doc.components.schemas).toHaveProperty(name);
  });
});

describe('from-domain', () => {
  it('creates through an adapter (201), 404 for an unknown domain, 400 with input.* paths', async () => {
    const adapter = getAdapter('epidemic');
    expect(adapter).toBeDefined();
    const ok = await server.call('/v1/simulations/from-domain', { key: 'key-a', body: { domain: 'epidemic', input: adapter?.example } });
    expect(ok.status).toBe(201);
    const body = await json(ok);
    expect(body.scenarioId).toBe('domain:epidemic');
    expect(ok.headers.get('location')).toBe(`/v1/simulations/${body.id}`);
    const unknown = await server.call('/v1/simulations/from-domain', { key: 'key-a', body: { domain: 'astrology', input: {} } });
    expect(unknown.status).toBe(404);
    const invalid = await server.call('/v1/simulations/from-domain', { key: 'key-a', body: { domain: 'epidemic', input: { regions: 'many' } } });
    expect(invalid.status).toBe(400);
    expect((await json(invalid)).error.details.issues.every((i: any) => i.path.startsWith('input'))).toBe(true);
    const run = await server.call('/v1/simulations/run', { key: 'key-a', body: { domain: 'epidemic', input: adapter?.example, ticks: 3 } });
    expect(run.status).toBe(201);
    expect((await json(run)).trace.steps).toHaveLength(3);
  });
});
