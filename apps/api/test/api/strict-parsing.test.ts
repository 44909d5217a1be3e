import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSimulation } from '../helpers/create-simulation.js';
import { startTestServer, type TestServer } from '../helpers/test-server.js';

// Issue 23, finding 10 (loose parsing) and issue 27's experiment papercut: every request here
// was accepted or answered wrongly before.

type Issues = { error: { code: string; message: string; details: { issues: Array<{ path: string; message: string }>; offered?: string[] } } };

let server: TestServer;
let simulationId: string;
let experimentId: string;
beforeAll(async () => {
  server = await startTestServer();
  simulationId = await createSimulation(server);
  await server.call(`/v1/simulations/${simulationId}/step`, { key: 'key-a', body: { ticks: 20 } });
  const res = await server.call('/v1/experiments', {
    key: 'key-a',
    body: { base: { scenarioId: 'tiny-valley' }, vary: { 'rules.reflexivity': [-0.5, 0.5] }, replications: 1, seed: 7, ticks: 5, metrics: ['minStability'] },
  });
  expect(res.status).toBe(202);
  experimentId = ((await res.json()) as { id: string }).id;
});
afterAll(async () => {
  await server.close();
});

/** The paths of a 400 VALIDATION_ERROR (fails the test on any other answer). */
async function refusedAt(res: Response): Promise<string[]> {
  const body = (await res.json()) as Issues;
  expect({ status: res.status, code: body.error?.code }).toEqual({ status: 400, code: 'VALIDATION_ERROR' });
  return body.error.details.issues.map((issue) => issue.path).sort();
}

describe('path and query integers', () => {
  it('are decimal digits only: a hex, exponent, signed, padded or zero-led tick is 400 at `tick`', async () => {
    for (const tick of ['0x10', '1e1', '+1', '%201', '1%20', '00001', '-1', '1.0', '0b1', 'Infinity']) {
      const res = await server.call(`/v1/simulations/${simulationId}/states/${tick}`, { key: 'key-a' });
      expect({ tick, paths: await refusedAt(res) }).toEqual({ tick, paths: ['tick'] });
    }
  });

  it('still read the plain decimal spelling', async () => {
    for (const tick of ['0', '16', '20']) {
      const res = await server.call(`/v1/simulations/${simulationId}/states/${tick}`, { key: 'key-a' });
      expect(res.status).toBe(200);
      expect(((await res.json()) as { tick: number }).tick).toBe(Number(tick));
    }
  });

  it('refuse an empty or loose query integer at its name (fromTick=, limit=1e1, offset=+0)', async () => {
    const trace = (query: string) => server.call(`/v1/simulations/${simulationId}/trace?${query}`, { key: 'key-a' });
    expect(await refusedAt(await trace('fromTick='))).toEqual(['fromTick']);
    expect(await refusedAt(await trace('fromTick=0x1&toTick=%205'))).toEqual(['fromTick', 'toTick']);
    expect(await refusedAt(await trace('limit=1e1'))).toEqual(['limit']);
    expect(await refusedAt(await server.call('/v1/simulations?offset=%2B0', { key: 'key-a' }))).toEqual(['offset']);
    expect(await refusedAt(await server.call('/v1/experiments?limit=010', { key: 'key-a' }))).toEqual(['limit']);
    expect((await trace('fromTick=2&toTick=5&limit=2')).status).toBe(200);
  });

  it('tell a number past every bound once, at its name, with the bound to keep to', async () => {
    const issues = async (res: Response) => ((await res.json()) as Issues).error.details.issues;
    expect(await issues(await server.call('/v1/simulations?offset=99999999999999999999', { key: 'key-a' }))).toEqual([
      { path: 'offset', message: expect.stringContaining('<=') },
    ]);
    expect(await issues(await server.call('/v1/simulations?limit=9999999999999999999999', { key: 'key-a' }))).toEqual([
      { path: 'limit', message: 'Too big: expected number to be <=200' },
    ]);
    const step = await server.call(`/v1/simulations/${simulationId}/step`, {
      key: 'key-a',
      method: 'POST',
      body: '{"ticks":99999999999999999999999}',
      headers: { 'Content-Type': 'application/json' },
    });
    expect(await issues(step)).toEqual([{ path: 'ticks', message: 'Too big: expected number to be <=10000' }]);
  });
});

describe('UUIDs in any case (RFC 4122 compares them case-insensitively)', () => {
  it('an uppercase id names the same simulation and experiment, answered with the lowercase id', async () => {
    const res = await server.call(`/v1/simulations/${simulationId.toUpperCase()}`, { key: 'key-a' });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { id: string }).id).toBe(simulationId);
    const state = await server.call(`/v1/simulations/${simulationId.toUpperCase()}/states/3`, { key: 'key-a' });
    expect(state.status).toBe(200);
    const experiment = await server.call(`/v1/experiments/${experimentId.toUpperCase()}`, { key: 'key-a' });
    expect(experiment.status).toBe(200);
    expect(((await experiment.json()) as { id: string }).id).toBe(experimentId);
  });

  it('still keeps another organization out', async () => {
    expect((await server.call(`/v1/simulations/${simulationId.toUpperCase()}`, { key: 'key-b' })).status).toBe(401);
  });
});

describe('Accept with q-values', () => {
  const results = (accept: string) => server.call(`/v1/experiments/${experimentId}/results`, { key: 'key-a', headers: { Accept: accept } });

  it('never chooses a type with q=0', async () => {
    const res = await results('text/csv;q=0, application/json');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
  });

  it('chooses the type of the highest q', async () => {
    const csv = await results('application/json;q=0.2, text/csv;q=0.9');
    expect(csv.headers.get('content-type')).toMatch(/^text\/csv/);
    const json = await results('application/json;q=0.9, text/csv;q=0.2');
    expect(json.headers.get('content-type')).toMatch(/^application\/json/);
    const parquet = await results('application/vnd.apache.parquet, */*;q=0.1');
    expect(parquet.headers.get('content-type')).toBe('application/vnd.apache.parquet');
  });

  it('answers 406 NOT_ACCEPTABLE in the error envelope when nothing offered is acceptable', async () => {
    for (const accept of ['text/csv;q=0', 'text/html', 'application/json;q=0, text/csv;q=0, application/vnd.apache.parquet;q=0', '*/*;q=0']) {
      const res = await results(accept);
      const body = (await res.json()) as Issues;
      expect({ accept, status: res.status, code: body.error?.code }).toEqual({ accept, status: 406, code: 'NOT_ACCEPTABLE' });
      expect(body.error.details.offered).toEqual(['application/json', 'text/csv', 'application/vnd.apache.parquet']);
    }
  });

  it('applies to traces too: NDJSON with q=0 is not chosen, and 406 comes before any work', async () => {
    const trace = (accept: string) => server.call(`/v1/simulations/${simulationId}/trace?limit=2`, { key: 'key-a', headers: { Accept: accept } });
    expect((await trace('application/x-ndjson;q=0, application/json')).headers.get('content-type')).toMatch(/^application\/json/);
    expect((await trace('application/json;q=0.1, application/x-ndjson')).headers.get('content-type')).toMatch(/^application\/x-ndjson/);
    expect((await trace('text/csv')).status).toBe(406);
    const before = ((await (await server.call('/v1/simulations?limit=200', { key: 'key-a' })).json()) as { pagination: { total: number } }).pagination.total;
    const run = await server.call('/v1/simulations/run', {
      key: 'key-a',
      headers: { Accept: 'application/json;q=0, application/x-ndjson;q=0' },
      body: { scenarioId: 'tiny-valley', ticks: 5 },
    });
    expect(run.status).toBe(406);
    const after = ((await (await server.call('/v1/simulations?limit=200', { key: 'key-a' })).json()) as { pagination: { total: number } }).pagination.total;
    expect(after).toBe(before);
  });

  it('takes charset=utf-8 on a range as the type itself: every body is UTF-8', async () => {
    const trace = (accept: string) => server.call(`/v1/simulations/${simulationId}/trace?limit=2`, { key: 'key-a', headers: { Accept: accept } });
    // The first is the Content-Type the server itself sends for NDJSON.
    for (const [accept, type] of [
      ['application/x-ndjson; charset=utf-8', 'application/x-ndjson'],
      ['application/json;charset=UTF-8', 'application/json'],
      ['application/json; charset="utf-8"; q=0.5, application/x-ndjson; charset=utf-8; q=0.9', 'application/x-ndjson'],
    ] as const) {
      const res = await trace(accept);
      expect({ accept, status: res.status, type: res.headers.get('content-type')?.split(';')[0] }).toEqual({ accept, status: 200, type });
    }
    // Another charset, or another parameter, still names a representation not offered.
    expect((await trace('application/json; charset=iso-8859-1')).status).toBe(406);
    expect((await trace('application/json; profile=other')).status).toBe(406);
  });
});

describe('experiment vary keys', () => {
  const body = (vary: string) => `{"base":{"scenarioId":"tiny-valley"},"vary":${vary},"replications":1,"seed":7,"ticks":5,"metrics":["minStability"]}`;

  it('__proto__, constructor and prototype are a 400 at their path, never dropped', async () => {
    for (const [vary, path] of [
      ['{"__proto__":[1]}', 'vary.__proto__'],
      ['{"constructor":[1]}', 'vary.constructor'],
      ['{"input.__proto__.polluted":[1]}', 'vary.input.__proto__.polluted'],
      ['{"rules.prototype":[1]}', 'vary.rules.prototype'],
    ] as const) {
      const res = await server.call('/v1/experiments', { key: 'key-a', body: body(vary) });
      expect({ vary, paths: await refusedAt(res) }).toEqual({ vary, paths: [path] });
    }
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('an unknown path is a 400 at its path', async () => {
    const res = await server.call('/v1/experiments', { key: 'key-a', body: body('{"rules.nonsense":[1],"weather.rain":[2]}') });
    expect(await refusedAt(res)).toEqual(['vary.rules.nonsense', 'vary.weather.rain']);
  });

  it('one 400 lists every problem: a missing seed, a bad metric and a bad vary path together (issue 27)', async () => {
    const res = await server.call('/v1/experiments', {
      key: 'key-a',
      body: { base: { scenarioId: 'tiny-valley' }, vary: { 'rules.nonsense': [1] }, replications: 1, ticks: 5, metrics: ['minStability', 'nonsense'] },
    });
    expect(await refusedAt(res)).toEqual(['metrics.1', 'seed', 'vary.rules.nonsense']);
  });
});

describe('a malformed body', () => {
  it('is a 400 on every endpoint that takes one, cancel included', async () => {
    const targets: Array<[string, string]> = [
      ['POST', '/v1/simulations'],
      ['POST', '/v1/simulations/from-domain'],
      ['POST', '/v1/simulations/run'],
      ['POST', `/v1/simulations/${simulationId}/step`],
      ['POST', `/v1/simulations/${simulationId}/decrees`],
      ['POST', `/v1/simulations/${simulationId}/forks`],
      ['PUT', `/v1/simulations/${simulationId}/agent-policy`],
      ['PUT', `/v1/simulations/${simulationId}/time-control`],
      ['POST', '/v1/experiments'],
      ['POST', `/v1/experiments/${experimentId}/cancel`],
    ];
    for (const [method, path] of targets) {
      const res = await server.call(path, { key: 'key-a', method, body: '{' });
      expect({ method, path, paths: await refusedAt(res) }).toEqual({ method, path, paths: [''] });
    }
  });

  it('cancel takes no fields: an unknown one is refused; no body, a blank JSON body or {} cancel', async () => {
    expect(await refusedAt(await server.call(`/v1/experiments/${experimentId}/cancel`, { key: 'key-a', body: { force: true } }))).toEqual(['force']);
    expect((await server.call(`/v1/experiments/${experimentId}/cancel`, { key: 'key-a', method: 'POST' })).status).toBe(200);
    expect(
      (await server.call(`/v1/experiments/${experimentId}/cancel`, { key: 'key-a', method: 'POST', headers: { 'Content-Type': 'application/json' } })).status,
    ).toBe(200);
    expect((await server.call(`/v1/experiments/${experimentId}/cancel`, { key: 'key-a', body: {} })).status).toBe(200);
  });
});

describe('a domain input nested past the bound', () => {
  // 400 000 levels of `[` fit in the 1 MiB body limit; copying them to the engine's worker
  // overflowed the call stack, a 500 (and, with an Idempotency-Key, a cached one).
  // Sent as text: JSON.stringify itself overflows the stack on it.
  const deep = `${'['.repeat(400_000)}${']'.repeat(400_000)}`;
  const shallow = { a: [[[[1]]]] };

  it('is a 400 at its input on from-domain, run and experiments, before any work', async () => {
    const input = `{"banks":${deep}}`;
    const targets: Array<[string, string, string]> = [
      ['/v1/simulations/from-domain', `{"domain":"bank-run","input":${input}}`, 'input'],
      ['/v1/simulations/run', `{"domain":"bank-run","ticks":5,"input":${input}}`, 'input'],
      ['/v1/experiments', `{"replications":1,"seed":1,"ticks":5,"metrics":["minStability"],"base":{"domain":"bank-run","input":${input}}}`, 'base.input'],
    ];
    for (const [path, text, at] of targets) {
      const res = await server.call(path, {
        key: 'key-a',
        method: 'POST',
        body: text,
        headers: { 'Content-Type': 'application/json', 'Idempotency-Key': `deep-${path}` },
      });
      const body = (await res.clone().json()) as Issues;
      expect({ path, paths: await refusedAt(res) }).toEqual({ path, paths: [at] });
      expect(body.error.details.issues[0]?.message).toContain('more than 32 levels deep');
    }
  });

  it('leaves a shallow input to its adapter, which names its own fields', async () => {
    const res = await server.call('/v1/simulations/from-domain', { key: 'key-a', body: { domain: 'bank-run', input: shallow } });
    expect(await refusedAt(res)).not.toEqual(['input']);
  });
});

describe('a domain model at an engine version before 1.4.0', () => {
  // A run met the engine's refusal on its worker, mid-request: a 500. An experiment took it
  // (202) and failed at its first run.
  const domain = { domain: 'epidemic', input: { regions: [{ name: 'A', population: 1000, hospitalBeds: 10 }] } };

  it('is a 400 at its domain on from-domain, run and experiments, for every older version', async () => {
    for (const engineVersion of ['1.0.0', '1.3.0']) {
      const targets: Array<[string, object, string]> = [
        ['/v1/simulations/from-domain', { ...domain, engineVersion }, 'domain'],
        ['/v1/simulations/run', { ...domain, engineVersion, ticks: 3 }, 'domain'],
        ['/v1/experiments', { base: domain, engineVersion, replications: 1, seed: 1, ticks: 5, metrics: ['minStability'] }, 'base.domain'],
      ];
      for (const [path, body, at] of targets) {
        const res = await server.call(path, { key: 'key-a', body });
        const answer = (await res.clone().json()) as Issues;
        expect({ path, engineVersion, paths: await refusedAt(res) }).toEqual({ path, engineVersion, paths: [at] });
        expect(answer.error.details.issues[0]?.message).toBe(`domain models need engine 1.4.0 or later; this simulation pins ${engineVersion}`);
      }
    }
  });

  it('runs at 1.4.0', async () => {
    const res = await server.call('/v1/simulations/run', { key: 'key-a', body: { ...domain, engineVersion: '1.4.0', ticks: 3 } });
    expect(res.status).toBe(201);
  });
});
