import type { components } from './generated/openapi.js';

/** The service's error envelope, as every error response carries it. */
export type ErrorEnvelope = components['schemas']['Error'];

/**
 * An error answered by the service: its HTTP status and the envelope's code, message, details
 * and request id (quote that one when asking for help: it is in the server's log).
 *
 * @example
 * try { await client.simulation(id) } catch (e) {
 *   if (e instanceof SimApiError && e.code === 'NOT_FOUND') …
 * }
 */
export class SimApiError extends Error {
  override readonly name = 'SimApiError';
  readonly code: string;
  readonly details: ErrorEnvelope['error']['details'];
  readonly requestId: string;

  constructor(
    readonly status: number,
    readonly envelope: ErrorEnvelope,
  ) {
    super(`${status} ${envelope.error.code}: ${envelope.error.message}`);
    this.code = envelope.error.code;
    this.details = envelope.error.details;
    this.requestId = envelope.error.requestId;
  }

  /** The envelope of a response that failed; a body that is not one (a proxy's page) is wrapped in one. */
  static async fromResponse(response: Response): Promise<SimApiError> {
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      // Not JSON: kept as text, described by asEnvelope.
    }
    return SimApiError.fromBody(response, parsed);
  }

  /** From a body already read (openapi-fetch hands back parsed JSON, the text of anything else, or undefined when empty). */
  static fromBody(response: Response, body: unknown): SimApiError {
    return new SimApiError(response.status, asEnvelope(body, response));
  }
}

function asEnvelope(body: unknown, response: Response): ErrorEnvelope {
  if (isEnvelope(body)) return body;
  const text = typeof body === 'string' ? body : body === undefined ? '' : JSON.stringify(body);
  return {
    error: {
      code: 'UNEXPECTED_RESPONSE',
      message: `HTTP ${response.status} without the service's error envelope: ${text.slice(0, 200)}`,
      details: null,
      requestId: response.headers.get('x-request-id') ?? '',
    },
  };
}

function isEnvelope(value: unknown): value is ErrorEnvelope {
  if (typeof value !== 'object' || value === null || !('error' in value)) return false;
  const error: unknown = value.error;
  return typeof error === 'object' && error !== null && 'code' in error && typeof error.code === 'string' && 'message' in error;
}
