import { randomUUID } from 'node:crypto';
import { STATUS_CODES } from 'node:http';
import { envelope } from '../lib/error-envelope.js';

/**
 * An error answer for a request the app never sees (one Node's parser refused, a connection over
 * the per-address cap, a request without a usable URL): the interface's error envelope with a
 * fresh request id, in the body and in X-Request-Id, and `Connection: close`.
 */
export function errorAnswer(code: string, message: string, headers: Record<string, string> = {}): { body: string; headers: Record<string, string> } {
  const requestId = randomUUID();
  const body = JSON.stringify(envelope(code, message, null, requestId));
  return {
    body,
    headers: {
      'Content-Type': 'application/json; charset=utf-8',
      'Content-Length': String(Buffer.byteLength(body)),
      'X-Request-Id': requestId,
      'X-Content-Type-Options': 'nosniff',
      'Cache-Control': 'no-store',
      Connection: 'close',
      ...headers,
    },
  };
}

/** errorAnswer as the bytes of a whole HTTP/1.1 response, for a socket no response object wraps. */
export function rawErrorResponse(status: number, code: string, message: string, headers: Record<string, string> = {}): string {
  const answer = errorAnswer(code, message, headers);
  const lines = [`HTTP/1.1 ${status} ${STATUS_CODES[status] ?? 'Error'}`, ...Object.entries(answer.headers).map(([name, value]) => `${name}: ${value}`)];
  return `${lines.join('\r\n')}\r\n\r\n${answer.body}`;
}
