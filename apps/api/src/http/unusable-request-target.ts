import type { IncomingMessage, ServerResponse } from 'node:http';
import { errorAnswer } from './raw-error-response.js';

const MISSING_HOST = 'An HTTP/1.1 request must carry a Host header';
const UNUSABLE_TARGET = 'The request target and Host header do not make a valid URL';

/**
 * @hono/node-server's `errorHandler`: a request it cannot make a URL of (a Host header such as
 * `a b`, a target such as `*` or one with a backslash in its path) never reaches the app, and it
 * would answer an empty 400. Answered in the error envelope instead.
 */
export function unusableRequestTarget(): Response {
  const answer = errorAnswer('BAD_REQUEST', UNUSABLE_TARGET);
  return new Response(answer.body, { status: 400, headers: answer.headers });
}

/**
 * Node answers an HTTP/1.1 request without Host with an empty 400 of its own (its
 * `requireHostHeader`, which the server turns off): the same refusal, in the error envelope. A
 * property read per request, no parsing.
 */
export function requiringHost(
  listener: (request: IncomingMessage, response: ServerResponse) => unknown,
): (request: IncomingMessage, response: ServerResponse) => void {
  return (request, response) => {
    if (request.headers.host === undefined && request.httpVersionMajor === 1 && request.httpVersionMinor >= 1) {
      const answer = errorAnswer('BAD_REQUEST', MISSING_HOST);
      response.writeHead(400, answer.headers).end(answer.body);
      return;
    }
    void listener(request, response);
  };
}
