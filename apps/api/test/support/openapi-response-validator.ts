import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';

// ajv-formats is CommonJS: under NodeNext its default import is the module object in the types
// but the plugin function at run time (and `.default` in some loaders); accept both.
const addFormats = ((addFormatsModule as unknown as { default?: unknown }).default ?? addFormatsModule) as (ajv: Ajv2020) => void;

/** The parts of an OpenAPI 3.1 document this validator reads. */
export interface OpenApiDocument {
  openapi: string;
  paths: Record<string, Record<string, OperationObject | unknown>>;
  components?: { schemas?: Record<string, unknown>; [key: string]: unknown };
  [key: string]: unknown;
}

interface OperationObject {
  operationId?: string;
  responses?: Record<string, ResponseObject>;
  [key: string]: unknown;
}

interface ResponseObject {
  description?: string;
  content?: Record<string, { schema?: unknown }>;
  $ref?: string;
}

/** One received response, reduced to what is checked. */
export interface ReceivedResponse {
  method: string;
  /** Path of the request URL (a query string is ignored). */
  path: string;
  status: number;
  /** The Content-Type header, or null. */
  contentType: string | null;
  /** The body as text; undefined when not read (no body, or a stream that never ends). */
  bodyText: string | undefined;
}

/** A response that does not match the document; the message names the operation and each problem. */
export class OpenApiMismatchError extends Error {
  constructor(
    readonly response: ReceivedResponse,
    readonly problems: string[],
  ) {
    const body = response.bodyText === undefined ? '(not read)' : truncate(response.bodyText, 600);
    super(
      `response does not match the OpenAPI document: ${response.method} ${response.path} → ${response.status} (${response.contentType ?? 'no content type'})\n` +
        problems.map((p) => `  - ${p}`).join('\n') +
        `\n  body: ${body}`,
    );
    this.name = 'OpenApiMismatchError';
  }
}

const DOC_ID = 'openapi:document';

/** Media types whose body is parsed and validated; others are checked for being documented only. */
const JSON_MEDIA = 'application/json';
const NDJSON_MEDIA = 'application/x-ndjson';

interface CompiledPath {
  template: string;
  pattern: RegExp;
  /** Templated segments; literal paths win over templated ones (`/run` before `/{id}`). */
  params: number;
}

export interface ValidatorOptions {
  /**
   * Paths served on purpose without an operation (static assets), matched by prefix; a
   * response there is not checked. Default: the docs page's bundle.
   */
  undocumentedPrefixes?: readonly string[];
}

/**
 * Validates received responses against a served OpenAPI 3.1 document: the status must be
 * documented for the operation (or a `default` response be), the content type must be one of
 * its media types, and a JSON body (each line of an NDJSON body) must validate against that
 * media type's schema with Ajv 2020, `$ref`s resolved against the document's components.
 * A path with no operation must answer with the error envelope (`components.schemas.Error`).
 */
export class OpenApiResponseValidator {
  private readonly ajv: Ajv2020;
  private readonly paths: CompiledPath[];
  private readonly cache = new Map<string, ValidateFunction>();
  private readonly undocumented: readonly string[];

  constructor(
    readonly document: OpenApiDocument,
    options: ValidatorOptions = {},
  ) {
    this.undocumented = options.undocumentedPrefixes ?? ['/v1/docs/assets/'];
    // strict: false because the document carries OpenAPI keywords (example, discriminator…)
    // that are not JSON Schema; the schemas themselves are still fully applied.
    this.ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: true });
    addFormats(this.ajv);
    this.ajv.addSchema(document as object, DOC_ID);
    this.paths = Object.keys(document.paths)
      .map((template) => {
        const segments = template.split('/');
        const pattern = new RegExp(`^${segments.map((s) => (/^\{[^}]+\}$/.test(s) ? '[^/]+' : s.replace(/[.*+?^$()|[\]\\]/g, '\\$&'))).join('/')}$`);
        return { template, pattern, params: segments.filter((s) => s.startsWith('{')).length };
      })
      .sort((a, b) => a.params - b.params);
  }

  /** Fetches `/v1/openapi.json` from a running server. */
  static async fromServer(baseUrl: string, options?: ValidatorOptions): Promise<OpenApiResponseValidator> {
    const res = await fetch(`${baseUrl}/v1/openapi.json`);
    if (!res.ok) throw new Error(`GET /v1/openapi.json answered ${res.status}`);
    return new OpenApiResponseValidator((await res.json()) as OpenApiDocument, options);
  }

  /** The document's path template and operation for a request, or undefined. */
  findOperation(method: string, path: string): { template: string; operation: OperationObject } | undefined {
    const m = method.toLowerCase();
    for (const candidate of this.paths) {
      if (!candidate.pattern.test(path)) continue;
      const operation = this.document.paths[candidate.template]?.[m] as OperationObject | undefined;
      if (operation) return { template: candidate.template, operation };
    }
    return undefined;
  }

  /** The problems of a response; empty when it matches. */
  check(response: ReceivedResponse): string[] {
    if (this.undocumented.some((prefix) => response.path.startsWith(prefix))) return [];
    const method = response.method.toLowerCase();
    const found = method === 'head' ? undefined : this.findOperation(method, response.path);
    if (!found) {
      if (method === 'head') return [];
      // No operation: only an error envelope may come back (404 for unknown routes, 405…).
      if (response.status < 400) return [`no operation ${method.toUpperCase()} ${response.path} in the document, but the status is ${response.status}`];
      return this.checkBody(response, `${DOC_ID}#/components/schemas/Error`, 'application/json', 'the error envelope');
    }

    const { template, operation } = found;
    const responses = operation.responses ?? {};
    const key = responses[String(response.status)]
      ? String(response.status)
      : responses[`${String(response.status)[0]}XX`]
        ? `${String(response.status)[0]}XX`
        : responses.default
          ? 'default'
          : undefined;
    if (key === undefined) {
      return [`status ${response.status} is not documented for ${method.toUpperCase()} ${template} (documented: ${Object.keys(responses).join(', ')})`];
    }
    const documented = this.resolveResponse(responses[key]!);
    const media = Object.keys(documented.content ?? {});
    if (media.length === 0) {
      return response.bodyText !== undefined && response.bodyText !== '' ? [`${key} documents no body, but one was sent`] : [];
    }
    const received = (response.contentType ?? '').split(';')[0]!.trim().toLowerCase();
    if (!media.includes(received)) return [`content type "${received || '(none)'}" is not documented for ${key} (documented: ${media.join(', ')})`];
    if (documented.content![received]?.schema === undefined) return [];
    const pointer = `${DOC_ID}#${this.responsePointer(template, method, key)}/content/${escapePointer(received)}/schema`;
    return this.checkBody(response, pointer, received, `${method.toUpperCase()} ${template} ${key} ${received}`);
  }

  /** Throws OpenApiMismatchError when the response does not match. */
  assert(response: ReceivedResponse): void {
    const problems = this.check(response);
    if (problems.length > 0) throw new OpenApiMismatchError(response, problems);
  }

  /** Reads a clone of a fetch Response and asserts it; the original stays unread for the caller. */
  async assertResponse(method: string, url: string, res: Response): Promise<void> {
    const contentType = res.headers.get('content-type');
    // An event stream never ends: its status and content type are checked, its body is not read.
    const readable = res.body !== null && !(contentType ?? '').startsWith('text/event-stream');
    const bodyText = readable ? await res.clone().text() : undefined;
    this.assert({ method, path: new URL(url, 'http://localhost').pathname, status: res.status, contentType, bodyText });
  }

  private checkBody(response: ReceivedResponse, pointer: string, media: string, label: string): string[] {
    if (response.bodyText === undefined) return [];
    const validate = this.validator(pointer);
    if (media === JSON_MEDIA) {
      let value: unknown;
      try {
        value = JSON.parse(response.bodyText);
      } catch {
        return [`body is not JSON (expected ${label})`];
      }
      return validate(value) ? [] : describeErrors(validate.errors, `body (${label})`);
    }
    if (media === NDJSON_MEDIA) {
      if (response.bodyText !== '' && !response.bodyText.endsWith('\n')) return ['NDJSON body does not end with a newline'];
      const problems: string[] = [];
      response.bodyText
        .split('\n')
        .slice(0, -1)
        .forEach((line, index) => {
          if (problems.length > 0) return;
          let value: unknown;
          try {
            value = JSON.parse(line);
          } catch {
            problems.push(`NDJSON line ${index + 1} is not JSON`);
            return;
          }
          if (!validate(value)) problems.push(...describeErrors(validate.errors, `NDJSON line ${index + 1} (${label})`));
        });
      return problems;
    }
    return [];
  }

  private validator(pointer: string): ValidateFunction {
    let validate = this.cache.get(pointer);
    if (!validate) {
      validate = this.ajv.compile({ $ref: pointer });
      this.cache.set(pointer, validate);
    }
    return validate;
  }

  /** JSON pointer of a response object, following a `$ref` to components.responses. */
  private responsePointer(template: string, method: string, key: string): string {
    const ref = (this.document.paths[template]?.[method] as OperationObject).responses?.[key]?.$ref;
    return ref?.startsWith('#/') ? ref.slice(1) : `/paths/${escapePointer(template)}/${method}/responses/${escapePointer(key)}`;
  }

  private resolveResponse(response: ResponseObject): ResponseObject {
    if (!response.$ref) return response;
    const target = response.$ref
      .slice(2)
      .split('/')
      .reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[unescapePointer(decodeURIComponent(part))], this.document);
    if (!target) throw new Error(`unresolvable response $ref ${response.$ref}`);
    return target as ResponseObject;
  }
}

export interface ValidatingFetchOptions {
  /** The fetch to wrap; global fetch by default. */
  fetch?: typeof fetch;
  /** The validator; fetched lazily from `${baseUrl}/v1/openapi.json` on first use when omitted. */
  validator?: OpenApiResponseValidator;
}

/**
 * A fetch for one server that checks every response it returns against that server's own
 * OpenAPI document and throws OpenApiMismatchError on a mismatch. Paths are relative to baseUrl.
 *
 * @example
 * const api = validatingFetch(server.baseUrl);
 * const res = await api('/v1/simulations', { method: 'POST', headers, body }); // throws on drift
 */
export function validatingFetch(baseUrl: string, options: ValidatingFetchOptions = {}): (path: string, init?: RequestInit) => Promise<Response> {
  const inner = options.fetch ?? fetch;
  let validator: Promise<OpenApiResponseValidator> | undefined = options.validator ? Promise.resolve(options.validator) : undefined;
  return async (path, init) => {
    validator ??= OpenApiResponseValidator.fromServer(baseUrl);
    const url = path.startsWith('http') ? path : `${baseUrl}${path}`;
    const res = await inner(url, init);
    await (await validator).assertResponse(init?.method ?? 'GET', url, res);
    return res;
  };
}

/** Validates one response against the document of the server at `baseUrl` (the document is cached per base URL). */
const shared = new Map<string, Promise<OpenApiResponseValidator>>();
export async function expectMatchesOpenApi(baseUrl: string, method: string, url: string, res: Response): Promise<void> {
  let validator = shared.get(baseUrl);
  if (!validator) {
    validator = OpenApiResponseValidator.fromServer(baseUrl);
    shared.set(baseUrl, validator);
  }
  await (await validator).assertResponse(method, url, res);
}

function describeErrors(errors: ErrorObject[] | null | undefined, where: string): string[] {
  return (errors ?? []).slice(0, 10).map((e) => {
    const at = e.instancePath === '' ? '(root)' : e.instancePath;
    const extra =
      e.keyword === 'additionalProperties'
        ? ` "${(e.params as { additionalProperty: string }).additionalProperty}"`
        : e.keyword === 'enum'
          ? ` ${JSON.stringify((e.params as { allowedValues: unknown }).allowedValues)}`
          : '';
    return `${where}: ${at} ${e.message ?? e.keyword}${extra} [schema ${e.schemaPath}]`;
  });
}

/** A JSON pointer segment, percent-encoded because it ends up in a `$ref` URI (`{id}` is not URI-safe). */
function escapePointer(part: string): string {
  return encodeURIComponent(part.replace(/~/g, '~0').replace(/\//g, '~1'));
}

function unescapePointer(part: string): string {
  return part.replace(/~1/g, '/').replace(/~0/g, '~');
}

function truncate(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max)}… (${text.length} chars)`;
}
