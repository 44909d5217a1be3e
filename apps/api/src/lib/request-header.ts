import type { Context } from 'hono';
import type { IncomingMessage } from 'node:http';

/**
 * `c.req.header(name)` for the headers every request is asked for (credentials, request id),
 * without building a fetch Headers object: @hono/node-server builds one from all the request's
 * headers, validating each, the first time any header is read, which costs a cached read more
 * than its routing (docs/operations.md, "Where the time goes"). Served by @hono/node-server, the
 * value comes from node's own parsed header lines (`c.env.incoming.rawHeaders`); every value of
 * the name is joined with ", ", as Headers.get joins them. Elsewhere (app.request in tests) it is
 * c.req.header. `name` must be lower case.
 */
export function requestHeader(c: Context, name: string): string | undefined {
  const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
  const raw = incoming?.rawHeaders;
  if (raw === undefined) return c.req.header(name);
  let value: string | undefined;
  for (let i = 0; i < raw.length; i += 2) {
    const key = raw[i]!;
    if (key.length === name.length && key.toLowerCase() === name) value = value === undefined ? raw[i + 1]! : `${value}, ${raw[i + 1]!}`;
  }
  return value;
}
