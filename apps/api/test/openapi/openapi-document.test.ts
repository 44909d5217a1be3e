import { Validator } from '@seriousme/openapi-schema-validator';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { ENGINE_VERSIONS } from '@sim/engine';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServerProcess, tempDir, type ServerProcess } from '../support/server-process.js';

/** Every route of the service interface (plus the domain catalogue: docs/api.md, "Health and the catalogues"). */
const INTERFACE_ROUTES: ReadonlyArray<readonly [method: string, path: string]> = [
  ['post', '/v1/simulations'],
  ['get', '/v1/simulations'],
  ['post', '/v1/simulations/from-domain'],
  ['post', '/v1/simulations/run'],
  ['get', '/v1/simulations/{id}'],
  ['post', '/v1/simulations/{id}/step'],
  ['get', '/v1/simulations/{id}/trace'],
  ['put', '/v1/simulations/{id}/agent-policy'],
  ['put', '/v1/simulations/{id}/time-control'],
  ['post', '/v1/simulations/{id}/decrees'],
  ['get', '/v1/simulations/{id}/decrees'],
  ['get', '/v1/simulations/{id}/prophecies'],
  ['get', '/v1/simulations/{id}/events'],
  ['get', '/v1/scenarios'],
  ['get', '/v1/scenarios/{id}'],
  ['get', '/v1/health'],
  ['get', '/v1/openapi.json'],
  ['get', '/v1/docs'],
  ['get', '/v1/domains'],
  ['get', '/v1/domains/{id}'],
];

const PUBLIC = new Set(['/v1/health', '/v1/openapi.json', '/v1/docs', '/v1/scenarios', '/v1/scenarios/{id}', '/v1/domains', '/v1/domains/{id}']);
const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace'];

type Json = any;
// ajv-formats is CommonJS: the plugin is the module itself or its `.default`, by loader.
const addFormats = ((addFormatsModule as unknown as { default?: unknown }).default ?? addFormatsModule) as (ajv: Ajv2020) => void;

interface Operation {
  method: string;
  path: string;
  op: Json;
}

let server: ServerProcess;
let doc: Json;
const dir = tempDir('sim-openapi-');

beforeAll(async () => {
  server = await startServerProcess({ databasePath: `${dir.path}/sim.db`, env: { SIM_BOOTSTRAP: 'false' } });
  const res = await fetch(`${server.baseUrl}/v1/openapi.json`);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^application\/json/);
  doc = await res.json();
}, 60_000);

afterAll(async () => {
  await server?.stop();
  dir.remove();
});

function operations(): Operation[] {
  return Object.entries(doc.paths as Record<string, Json>).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([method]) => METHODS.includes(method))
      .map(([method, op]) => ({ method, path, op })),
  );
}

/** Follows a local `$ref` (`#/components/...`). */
function deref(node: Json): Json {
  let current = node;
  for (let hops = 0; current && typeof current.$ref === 'string'; hops++) {
    if (hops > 10) throw new Error(`$ref cycle at ${node.$ref}`);
    current = (current.$ref as string)
      .slice(2)
      .split('/')
      .reduce((n: Json, part: string) => n?.[part.replace(/~1/g, '/').replace(/~0/g, '~')], doc);
  }
  return current;
}

/** The security that applies to an operation: its own, else the document's. */
function effectiveSecurity(op: Json): Json[] {
  return op.security ?? doc.security ?? [];
}

describe('the served /v1/openapi.json', () => {
  it('is a valid OpenAPI 3.1 document', async () => {
    expect(doc.openapi).toMatch(/^3\.1\.\d+$/);
    const validator = new Validator();
    const result = await validator.validate(doc);
    expect(result.errors ?? [], 'schema validation errors').toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
  });

  it('lists every route of the interface with its method', () => {
    const missing = INTERFACE_ROUTES.filter(([method, path]) => !doc.paths[path]?.[method]).map(([m, p]) => `${m.toUpperCase()} ${p}`);
    expect(missing, 'routes missing from the document').toEqual([]);
  });

  it('gives each operation a summary and a tag', () => {
    for (const { method, path, op } of operations()) {
      expect(op.summary, `${method} ${path} summary`).toEqual(expect.any(String));
      expect(op.tags?.length, `${method} ${path} tags`).toBeGreaterThan(0);
    }
  });

  it('names every operation with an operationId of its own, for generated clients', () => {
    const ids = operations().map(({ op }) => op.operationId as string);
    for (const id of ids) expect(id).toMatch(/^[a-z][A-Za-z]+$/);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toEqual(expect.arrayContaining(['createSimulation', 'stepSimulation', 'submitDecree', 'subscribeToSimulationEvents', 'getHealth']));
  });

  it('says of a public operation that it needs no credentials (security: []), and gives the license', () => {
    for (const { method, path, op } of operations()) if (PUBLIC.has(path)) expect(op.security, `${method} ${path}`).toEqual([]);
    expect(doc.info.license).toEqual({ name: 'MIT' });
  });

  it('declares the X-Api-Key and bearer JWT security schemes', () => {
    const schemes = Object.values(doc.components?.securitySchemes ?? {}) as Json[];
    expect(schemes).toContainEqual(expect.objectContaining({ type: 'apiKey', in: 'header', name: 'X-Api-Key' }));
    expect(schemes).toContainEqual(expect.objectContaining({ type: 'http', scheme: 'bearer', bearerFormat: 'JWT' }));
  });

  it('protects every non-public operation with either scheme, and leaves the public ones open', () => {
    const schemes = doc.components.securitySchemes as Record<string, Json>;
    const apiKey = Object.keys(schemes).find((k) => schemes[k].type === 'apiKey')!;
    const bearer = Object.keys(schemes).find((k) => schemes[k].type === 'http' && schemes[k].scheme === 'bearer')!;
    for (const { method, path, op } of operations()) {
      const security = effectiveSecurity(op);
      if (PUBLIC.has(path)) {
        // No requirement, or only the empty one ({} = anonymous allowed).
        expect(
          security.every((requirement: Json) => Object.keys(requirement).length === 0),
          `${method} ${path} is public`,
        ).toBe(true);
      } else {
        // Two alternatives (either header), not one requirement naming both (that would mean "both").
        expect(security, `${method} ${path} security`).toContainEqual({ [apiKey]: [] });
        expect(security, `${method} ${path} security`).toContainEqual({ [bearer]: [] });
        expect(
          security.some((r: Json) => Object.keys(r).length === 0),
          `${method} ${path} must not allow anonymous`,
        ).toBe(false);
      }
    }
  });

  it('documents the error responses of every operation with the error envelope', () => {
    const envelope = deref(doc.components.schemas.Error);
    expect(envelope.required).toContain('error');
    expect(deref(envelope.properties.error).required).toEqual(expect.arrayContaining(['code', 'message', 'details', 'requestId']));

    const problems: string[] = [];
    for (const { method, path, op } of operations()) {
      const name = `${method.toUpperCase()} ${path}`;
      const responses = op.responses as Record<string, Json>;
      // Every route refuses a query parameter it does not declare; every body can be too large.
      const expected = new Set<string>(['400']);
      if (method === 'post' || method === 'put') expected.add('413');
      if (!PUBLIC.has(path)) ['401', '403'].forEach((s) => expected.add(s));
      if (path.includes('{id}')) expected.add('404');
      if (path.includes('{id}') && !PUBLIC.has(path)) expected.add('400');
      if (op.requestBody) expected.add('400');
      if (op.parameters?.some((p: Json) => deref(p).in === 'query')) expected.add('400');
      for (const status of expected) if (!responses[status]) problems.push(`${name}: no ${status} response`);

      for (const [status, response] of Object.entries(responses)) {
        if (!/^[45]/.test(status)) continue;
        // Decided: health answers 503 with its own shape (status: unavailable), not an error.
        if (path === '/v1/health' && status === '503') continue;
        const schema = deref(response).content?.['application/json']?.schema;
        if (!schema) {
          problems.push(`${name} ${status}: no application/json body`);
          continue;
        }
        if (deref(schema) !== envelope) problems.push(`${name} ${status}: body is not the Error envelope (${JSON.stringify(schema).slice(0, 80)})`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('lists the engine versions as an enum, used by create, run and from-domain', () => {
    const enums: Json[] = [];
    const visit = (node: Json): void => {
      if (!node || typeof node !== 'object') return;
      if (Array.isArray(node.enum) && node.enum.includes(ENGINE_VERSIONS[0])) enums.push(node.enum);
      Object.values(node).forEach(visit);
    };
    visit(doc.components.schemas);
    expect(enums.length).toBeGreaterThan(0);
    for (const values of enums) expect([...values].sort()).toEqual([...ENGINE_VERSIONS].sort());

    for (const path of ['/v1/simulations', '/v1/simulations/run', '/v1/simulations/from-domain']) {
      const body = deref(doc.paths[path].post.requestBody.content['application/json'].schema);
      const engineVersion = deref(body.properties.engineVersion);
      expect([...(engineVersion.enum ?? [])].sort(), `${path} engineVersion`).toEqual([...ENGINE_VERSIONS].sort());
    }
  });

  it('gives an example for every request body', () => {
    const missing: string[] = [];
    for (const { method, path, op } of operations()) {
      if (!op.requestBody) continue;
      for (const [media, content] of Object.entries(deref(op.requestBody).content as Record<string, Json>)) {
        const hasExample =
          content.example !== undefined ||
          Object.keys(content.examples ?? {}).length > 0 ||
          deref(content.schema)?.example !== undefined ||
          (deref(content.schema)?.examples ?? []).length > 0;
        if (!hasExample) missing.push(`${method.toUpperCase()} ${path} ${media}`);
      }
    }
    expect(missing, 'request bodies without an example').toEqual([]);
  });

  it('gives examples that validate against their own schemas', () => {
    const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: true });
    addFormats(ajv);
    ajv.addSchema(doc, 'openapi:document');
    const problems: string[] = [];
    const checked: string[] = [];
    for (const [name, schema] of Object.entries(doc.components.schemas as Record<string, Json>)) {
      for (const example of [...(schema.example === undefined ? [] : [schema.example]), ...(schema.examples ?? [])]) {
        const validate = ajv.getSchema(`openapi:document#/components/schemas/${name}`);
        if (validate === undefined) throw new Error(`schema ${name} not compiled`);
        checked.push(name);
        if (!validate(example)) problems.push(`${name}: ${ajv.errorsText(validate.errors)}`);
      }
    }
    expect(problems).toEqual([]);
    // Not vacuous: among others, the fork routes' request and responses.
    expect(checked).toEqual(expect.arrayContaining(['ForkRequest', 'Lineage', 'Comparison']));
  });

  it('documents the streaming variants: NDJSON for run and trace, an event stream for events', () => {
    expect(Object.keys(doc.paths['/v1/simulations/run'].post.responses['201'].content)).toContain('application/x-ndjson');
    expect(Object.keys(doc.paths['/v1/simulations/{id}/trace'].get.responses['200'].content)).toContain('application/x-ndjson');
    expect(Object.keys(doc.paths['/v1/simulations/{id}/events']?.get?.responses?.['200']?.content ?? {})).toContain('text/event-stream');
  });

  it('bounds ticks (1 to 10000), limit (1 to 200) and speed (0.1 to 10) as the interface does', () => {
    const step = deref(deref(doc.paths['/v1/simulations/{id}/step'].post.requestBody.content['application/json'].schema).properties.ticks);
    expect(step).toMatchObject({ type: 'integer', minimum: 1, maximum: 10000 });
    const run = deref(deref(doc.paths['/v1/simulations/run'].post.requestBody.content['application/json'].schema).properties.ticks);
    expect(run).toMatchObject({ type: 'integer', minimum: 1, maximum: 10000 });
    const limit = (doc.paths['/v1/simulations'].get.parameters as Json[]).map(deref).find((p) => p.name === 'limit');
    expect(limit.schema).toMatchObject({ minimum: 1, maximum: 200, default: 50 });
    const speed = deref(deref(doc.paths['/v1/simulations/{id}/time-control'].put.requestBody.content['application/json'].schema).properties.speed);
    expect(speed).toMatchObject({ minimum: 0.1, maximum: 10 });
  });
});
