import createClient, { type Client } from 'openapi-fetch';
import { credentialHeaders, type Credentials } from './credentials.js';
import type { paths } from './generated/openapi.js';
import { retryingFetch, type RetryOptions } from './retrying-fetch.js';

export interface SimClientOptions {
  /** The service's address, for example `http://127.0.0.1:3000` (paths start with `/v1`). */
  baseUrl: string;
  /** Omit for the public routes only (health, scenarios, domains, the document). */
  credentials?: Credentials;
  /** Retries of network failures, 429 and 5xx answers; `false` for none. POSTs are retried only with their Idempotency-Key. */
  retry?: RetryOptions | false;
  /**
   * Give every POST an `Idempotency-Key` (a random UUID) when the call sets none, so that a
   * retry can never run it twice (default true).
   */
  idempotencyKeys?: boolean;
  fetch?: typeof fetch;
}

/** Every operation of the service, typed from its OpenAPI document: `client.GET('/v1/simulations/{id}', …)`. */
export type SimClient = Client<paths>;

/**
 * A fetch client of the service on openapi-fetch: paths, parameters, bodies and answers are
 * typed from the document the server serves (src/generated/openapi.ts).
 *
 * @example
 * const client = createSimClient({ baseUrl: 'http://127.0.0.1:3000', credentials: { apiKey: process.env.SIM_KEY! } });
 * const sim = await unwrap(client.POST('/v1/simulations', { body: { scenarioId: 'calm-equilibrium' } }));
 * const { state } = await unwrap(client.POST('/v1/simulations/{id}/step', { params: { path: { id: sim.id } }, body: { ticks: 10 } }));
 */
export function createSimClient(options: SimClientOptions): SimClient {
  const base = options.fetch ?? globalThis.fetch;
  const client = createClient<paths>({
    baseUrl: options.baseUrl,
    fetch: options.retry === false ? base : retryingFetch(options.retry ?? {}, base),
  });
  const headers = options.credentials === undefined ? {} : credentialHeaders(options.credentials);
  const keyEveryPost = options.idempotencyKeys ?? true;
  client.use({
    onRequest({ request }) {
      for (const [name, value] of Object.entries(headers)) request.headers.set(name, value);
      // Set before the retrying fetch sees the request, so every attempt carries the same key.
      if (keyEveryPost && request.method === 'POST' && !request.headers.has('idempotency-key')) {
        request.headers.set('Idempotency-Key', randomKey());
      }
      return request;
    },
  });
  return client;
}

/** A random UUID; `crypto.randomUUID` exists only in secure contexts (a page over plain HTTP has just getRandomValues). */
function randomKey(): string {
  if (typeof globalThis.crypto.randomUUID === 'function') return globalThis.crypto.randomUUID();
  const bytes = globalThis.crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
