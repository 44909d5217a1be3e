import { ServerResponse, type IncomingMessage, type OutgoingHttpHeader, type OutgoingHttpHeaders } from 'node:http';

type Headers = OutgoingHttpHeaders | OutgoingHttpHeader[];

/** What @hono/node-server gives every response without a Content-Type, whatever its status. */
const ADAPTER_DEFAULT_TYPE = 'text/plain; charset=UTF-8';

/** Removes the adapter's default type from a record of headers (the form the adapter writes). */
function dropDefaultType(headers: Headers | undefined): void {
  if (typeof headers === 'object' && !Array.isArray(headers) && headers['content-type'] === ADAPTER_DEFAULT_TYPE) delete headers['content-type'];
}

/**
 * The node server's response, where a 204 or a 304 does not claim a type it has no content of.
 * @hono/node-server adds `Content-Type: text/plain` to any response made without one; on a 304
 * that would tell a client revalidating its JSON that the representation is now text, since the
 * headers of a 304 update the stored response's (RFC 9111, 4.3.4). Only the adapter's default is
 * removed, and only on these two statuses: any other response is left as it is, at the cost of a
 * comparison (no arguments are gathered: every response of the server passes here). Given to
 * `createServer` as its `ServerResponse`.
 */
export class BodylessWithoutType<Request extends IncomingMessage = IncomingMessage> extends ServerResponse<Request> {
  override writeHead(statusCode: number, statusMessage?: string, headers?: Headers): this;
  override writeHead(statusCode: number, headers?: Headers): this;
  override writeHead(statusCode: number, second?: string | Headers, third?: Headers): this {
    if (statusCode === 204 || statusCode === 304) dropDefaultType(typeof second === 'string' ? third : second);
    // Node's own writeHead takes the headers from the second place when the third is empty.
    return super.writeHead(statusCode, second as string, third);
  }
}
