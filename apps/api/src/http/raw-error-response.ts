import { randomUUID } from 'node:crypto';
import { STATUS_CODES } from 'node:http';
import { envelope } from '../lib/error-envelope.js';

/**
 * A complete HTTP/1.1 error response as bytes, for a socket the app never sees (a request Node's
 * parser refused, a connection over the per-address cap): the interface's error envelope, a
 * fresh request id in the body and in X-Request-Id, and `Connection: close`.
 */
export function rawErrorResponse(status: number, code: string, message: string, headers: Record<string, string> = {}): string {
  const requestId = randomUUID();
  const body = JSON.stringify(envelope(code, message, null, requestId));
  const lines = [
    `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? 'Error'}`,
    'Content-Type: application/json; charset=utf-8',
    `Content-Length: ${Buffer.byteLength(body)}`,
    `X-Request-Id: ${requestId}`,
    'X-Content-Type-Options: nosniff',
    'Cache-Control: no-store',
    'Connection: close',
    ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
  ];
  return `${lines.join('\r\n')}\r\n\r\n${body}`;
}
