import { SimApiError } from './sim-api-error.js';

/** What every openapi-fetch call resolves to. */
interface CallResult<D> {
  data?: D;
  error?: unknown;
  response: Response;
}

/**
 * The data of a successful call, or a thrown {@link SimApiError} carrying the envelope of a
 * failed one, so that calls read as plain values.
 *
 * @example
 * const sim = await unwrap(client.GET('/v1/simulations/{id}', { params: { path: { id } } }));
 */
export async function unwrap<D>(pending: Promise<CallResult<D>>): Promise<D> {
  const { data, error, response } = await pending;
  if (!response.ok) throw SimApiError.fromBody(response, error);
  return data as D;
}
