import type { Duplex } from 'node:stream';
import { rawErrorResponse } from './raw-error-response.js';

interface ParserError extends Error {
  code?: string;
}

/** Node's parser and timeout codes → the status and error the client gets. */
function answerFor(code: string | undefined): { status: number; code: string; message: string } | undefined {
  switch (code) {
    case 'HPE_HEADER_OVERFLOW':
      return { status: 431, code: 'HEADERS_TOO_LARGE', message: 'The request line (URL) and headers are larger than the server accepts' };
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return { status: 408, code: 'REQUEST_TIMEOUT', message: 'The request was not received in time' };
    case 'ECONNRESET':
    case undefined:
      return undefined;
    default:
      // HPE_INVALID_HEADER_TOKEN, HPE_INVALID_METHOD, HPE_INVALID_URL, HPE_INVALID_CHUNK_SIZE…
      if (code.startsWith('HPE_')) return { status: 400, code: 'BAD_REQUEST', message: 'The request is not valid HTTP/1.1' };
      return undefined;
  }
}

/**
 * The server's `clientError` listener: a request Node's HTTP parser refused (oversized URL or
 * headers, a malformed header, a request that took too long to arrive) is answered in the error
 * envelope when the socket can still be written to, then closed. Node would otherwise answer a
 * bare `400 Bad Request` with no body.
 */
export function answerClientError(error: ParserError, socket: Duplex): void {
  const answer = answerFor(error.code);
  // `_httpMessage` is set once a response of the app is being written: never write a second one.
  const responding = (socket as Duplex & { _httpMessage?: { headersSent?: boolean } })._httpMessage?.headersSent === true;
  if (answer === undefined || responding || !socket.writable) {
    socket.destroy();
    return;
  }
  socket.end(rawErrorResponse(answer.status, answer.code, answer.message));
}
