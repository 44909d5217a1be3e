import { describe, expect, it } from 'vitest';
import { OpenApiMismatchError, OpenApiResponseValidator, type OpenApiDocument } from '../support/openapi-response-validator.js';

// A small document shaped like the served one: components with $refs, a templated path next to
// a literal one, JSON and NDJSON media, and the error envelope.
const doc: OpenApiDocument = {
  openapi: '3.1.0',
  paths: {
    '/v1/things/{id}': {
      get: {
        responses: {
          200: { description: 'ok', content: { 'application/json': { schema: { $ref: '#/components/schemas/Thing' } } } },
          404: { description: 'nf', content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } },
        },
      },
    },
    '/v1/things/run': {
      post: {
        responses: {
          201: {
            description: 'ok',
            content: {
              'application/json': {
                schema: { type: 'object', properties: { things: { type: 'array', items: { $ref: '#/components/schemas/Thing' } } }, required: ['things'] },
              },
              'application/x-ndjson': { schema: { $ref: '#/components/schemas/Thing' } },
            },
          },
        },
      },
    },
  },
  components: {
    schemas: {
      Thing: {
        type: 'object',
        properties: { id: { type: 'string', format: 'uuid' }, n: { type: 'integer' } },
        required: ['id', 'n'],
        additionalProperties: false,
      },
      Error: {
        type: 'object',
        properties: { error: { type: 'object', properties: { code: { type: 'string' } }, required: ['code'] } },
        required: ['error'],
      },
    },
  },
};

const ID = '0b6f3a2e-4c1d-4f7a-9a3e-2d1c5b6a7f80';
const validator = new OpenApiResponseValidator(doc);
const json = (method: string, path: string, status: number, body: unknown) => ({
  method,
  path,
  status,
  contentType: 'application/json; charset=utf-8',
  bodyText: JSON.stringify(body),
});

describe('OpenApiResponseValidator', () => {
  it('accepts a matching body, resolving $refs in components', () => {
    expect(validator.check(json('GET', `/v1/things/${ID}`, 200, { id: ID, n: 1 }))).toEqual([]);
    expect(validator.check(json('POST', '/v1/things/run', 201, { things: [{ id: ID, n: 2 }] }))).toEqual([]);
  });

  it('names the path and the problem of a body that drifted', () => {
    const problems = validator.check(json('GET', `/v1/things/${ID}`, 200, { id: 'not-a-uuid', n: 1.5, extra: true }));
    expect(problems.join('\n')).toMatch(/\/id must match format "uuid"/);
    expect(problems.join('\n')).toMatch(/\/n must be integer/);
    expect(problems.join('\n')).toMatch(/additional properties "extra"/);
    expect(() => validator.assert(json('GET', `/v1/things/${ID}`, 200, {}))).toThrow(OpenApiMismatchError);
  });

  it('prefers a literal path over a templated one and refuses undocumented statuses and media types', () => {
    expect(validator.findOperation('post', '/v1/things/run')?.template).toBe('/v1/things/run');
    expect(validator.check(json('GET', `/v1/things/${ID}`, 500, { error: { code: 'X' } }))[0]).toMatch(/status 500 is not documented .*200, 404/);
    expect(validator.check({ ...json('GET', `/v1/things/${ID}`, 200, {}), contentType: 'text/plain' })[0]).toMatch(
      /content type "text\/plain" is not documented/,
    );
  });

  it('validates every NDJSON line', () => {
    const ok = `${JSON.stringify({ id: ID, n: 1 })}\n${JSON.stringify({ id: ID, n: 2 })}\n`;
    expect(validator.check({ method: 'POST', path: '/v1/things/run', status: 201, contentType: 'application/x-ndjson', bodyText: ok })).toEqual([]);
    const bad = `${JSON.stringify({ id: ID, n: 1 })}\n${JSON.stringify({ id: ID })}\n`;
    expect(validator.check({ method: 'POST', path: '/v1/things/run', status: 201, contentType: 'application/x-ndjson', bodyText: bad })[0]).toMatch(
      /NDJSON line 2 .*must have required property 'n'/,
    );
  });

  it('requires the error envelope where no operation exists', () => {
    expect(validator.check(json('GET', '/v1/nowhere', 404, { error: { code: 'NOT_FOUND' } }))).toEqual([]);
    expect(validator.check(json('GET', '/v1/nowhere', 404, { message: 'nope' }))[0]).toMatch(/error envelope/);
    expect(validator.check(json('GET', '/v1/nowhere', 200, {}))[0]).toMatch(/no operation GET \/v1\/nowhere/);
  });
});
