import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSimulation } from '../helpers/create-simulation.js';
import { startLiveServer, type LiveServer } from '../live/support/live-server.js';

let server: LiveServer;
let simulationId: string;
let decreeId: string;
beforeAll(async () => {
  server = await startLiveServer();
  simulationId = await createSimulation(server);
  const decree = await server.call(`/v1/simulations/${simulationId}/decrees`, { key: 'key-a', body: { type: 'pause', payload: {} } });
  decreeId = ((await decree.json()) as { id?: string }).id ?? '00000000-0000-4000-8000-000000000000';
});
afterAll(async () => {
  await server.close();
});

type Issues = { error: { code: string; details: { issues: Array<{ path: string; message: string }> } } };

/** Every operation the served document lists, with its path parameters filled in. */
async function operations(): Promise<Array<{ method: string; path: string }>> {
  const doc = (await (await server.call('/v1/openapi.json')).json()) as { paths: Record<string, Record<string, unknown>> };
  return Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.keys(methods).map((method) => ({
      method: method.toUpperCase(),
      path: path
        .replace('{id}', path.startsWith('/v1/simulations/') ? simulationId : path.startsWith('/v1/scenarios/') ? 'tiny-valley' : 'epidemic')
        .replace('{decreeId}', decreeId),
    })),
  );
}

describe('unknown query parameters', () => {
  it('are a 400 VALIDATION_ERROR at their names on every route of the document, with or without a declared query', async () => {
    const all = await operations();
    expect(all.length).toBeGreaterThan(15);
    for (const { method, path } of all) {
      const res = await server.call(`${path}?colour=red&limit=5&colour=blue&shape=`, { key: 'key-a', method, ...(method === 'GET' ? {} : { body: {} }) });
      const declaresLimit = /\/(simulations|decrees|prophecies|trace|experiments)$/.test(path) && method === 'GET';
      const body = (await res.json()) as Issues;
      expect({ method, path, status: res.status, code: body.error?.code }).toEqual({ method, path, status: 400, code: 'VALIDATION_ERROR' });
      const names = body.error.details.issues.map((issue) => issue.path).sort();
      expect({ method, path, names }).toEqual({ method, path, names: declaresLimit ? ['colour', 'shape'] : ['colour', 'limit', 'shape'] });
    }
  });

  it('are reported with the other problems of the query, each at its own name', async () => {
    const res = await server.call('/v1/simulations?limit=0&colour=red', { key: 'key-a' });
    const issues = ((await res.json()) as Issues).error.details.issues;
    expect(issues.map((issue) => issue.path).sort()).toEqual(['colour', 'limit']);
    expect(issues.find((issue) => issue.path === 'colour')?.message).toBe('Unrecognized key: "colour"');
  });

  it('leave declared parameters and requests without a query alone', async () => {
    expect((await server.call('/v1/simulations?limit=5&offset=0&order=desc', { key: 'key-a' })).status).toBe(400); // order is not a parameter of this list
    expect((await server.call('/v1/simulations?limit=5&offset=0', { key: 'key-a' })).status).toBe(200);
    expect((await server.call(`/v1/simulations/${simulationId}/decrees?order=desc`, { key: 'key-a' })).status).toBe(200);
    expect((await server.call(`/v1/simulations/${simulationId}`, { key: 'key-a' })).status).toBe(200);
    expect((await server.call(`/v1/simulations/${simulationId}?`, { key: 'key-a' })).status).toBe(200);
    expect((await server.call('/v1/health')).status).toBe(200);
  });

  it('still need credentials first on a protected route: 401 before the query is judged', async () => {
    expect((await server.call(`/v1/simulations/${simulationId}?colour=red`)).status).toBe(401);
  });
});
