import type { Context, MiddlewareHandler } from 'hono';
import type { IncomingMessage } from 'node:http';
import { beforeNext } from './in-sequence.js';

const incomingOf = (c: Context): IncomingMessage | undefined => (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;

/** A header's value from node's parsed header lines, every value of the name joined as Headers.get joins them. */
function fromRawHeaders(raw: readonly string[], name: string): string | undefined {
  const delimiter = name === 'cookie' ? '; ' : ', ';
  let value: string | undefined;
  for (let i = 0; i < raw.length; i += 2) {
    const key = raw[i]!;
    if (key.length === name.length && key.toLowerCase() === name) value = value === undefined ? raw[i + 1]! : `${value}${delimiter}${raw[i + 1]!}`;
  }
  return value;
}

/**
 * `c.req.header(name)` without building a fetch Headers object: @hono/node-server builds one from
 * all the request's headers, validating each, the first time any header is read, which costs a
 * cached read more than its routing (docs/operations.md, "Where the time goes"). Served by
 * @hono/node-server, the value comes from node's own parsed header lines
 * (`c.env.incoming.rawHeaders`); every value of the name is joined with ", " ("; " for
 * Cookie), as Headers.get joins them. Elsewhere (app.request in tests) it is c.req.header.
 * `name` must be lower case.
 */
export function requestHeader(c: Context, name: string): string | undefined {
  const raw = incomingOf(c)?.rawHeaders;
  return raw === undefined ? c.req.header(name) : fromRawHeaders(raw, name);
}

/**
 * App-wide, first: every `c.req.header(name)` of the request, the app's and Hono's own (its
 * validators read Content-Type for every target, a path parameter's too), reads as requestHeader
 * does. Without a name (all the headers as a record) it is Hono's. The request's Headers object
 * is then built only by what needs it whole: a body read, a fetch Request.
 */
export function headersFromIncoming(): MiddlewareHandler {
  return beforeNext((c) => {
    const raw = incomingOf(c)?.rawHeaders;
    if (raw === undefined) return;
    const req = c.req;
    const honoHeader = req.header as () => Record<string, string>;
    const header = (name?: string): string | undefined | Record<string, string> => (name ? fromRawHeaders(raw, name.toLowerCase()) : honoHeader.call(req));
    (req as unknown as { header: typeof header }).header = header;
  });
}
