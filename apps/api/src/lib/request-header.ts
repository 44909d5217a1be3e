import type { Context, MiddlewareHandler } from 'hono';
import type { IncomingMessage } from 'node:http';
import { beforeNext } from './in-sequence.js';

/** The node request under a Hono context (@hono/node-server), when there is one (not under app.request in tests). */
export const incomingOf = (c: Context): IncomingMessage | undefined => (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;

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
 * App-wide, first: every `c.req.header(name)` of the request, the app's and Hono's own (its
 * validators read Content-Type for every target, a path parameter's too), reads node's own
 * parsed header lines (`c.env.incoming.rawHeaders`), every value of the name joined with ", "
 * ("; " for Cookie) as Headers.get joins them, in any case of the name. @hono/node-server would
 * otherwise build a fetch Headers object of all the request's headers, validating each, the
 * first time any is read, which costs a cached read more than its routing (docs/operations.md,
 * "Where the time goes"). Without a name (all the headers as a record) it is Hono's; where no
 * node request is behind the context (app.request in tests) nothing changes. The request's
 * Headers object is then built only by what needs it whole: a body read, a fetch Request.
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
