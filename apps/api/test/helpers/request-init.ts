/** A test request: `key` sends X-Api-Key, `bearer` sends Authorization; objects are sent as JSON. */
export interface CallOptions {
  method?: string;
  key?: string;
  bearer?: string;
  body?: unknown;
  headers?: Record<string, string>;
}

/** The fetch init of a test request; GET without a body, POST with one, unless `method` says. */
export function requestInit(options: CallOptions = {}): RequestInit & { method: string; headers: Record<string, string> } {
  const headers: Record<string, string> = { ...options.headers };
  if (options.key !== undefined) headers['X-Api-Key'] = options.key;
  if (options.bearer !== undefined) headers.Authorization = `Bearer ${options.bearer}`;
  let body: string | undefined;
  if (options.body !== undefined) {
    body = typeof options.body === 'string' ? options.body : JSON.stringify(options.body);
    headers['Content-Type'] ??= 'application/json';
  }
  return { method: options.method ?? (body === undefined ? 'GET' : 'POST'), headers, ...(body === undefined ? {} : { body }) };
}
