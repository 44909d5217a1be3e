/**
 * Cancels a response body whose client left before the server began to write it, and returns the
 * body. Once @hono/node-server writes a body it cancels it itself when the socket closes; but it
 * skips a body whose socket is already gone, neither reading nor cancelling it. An event stream
 * gives back its slot and leaves the live feed only when cancelled, so a client that hung up
 * while the handler waited (for the simulation's lock, during playback) held its
 * organization's stream slot until the server restarted.
 *
 * @example
 * return new Response(cancelIfAbandoned(opened.stream, c.req.raw.signal), { headers: SSE_HEADERS });
 */
export function cancelIfAbandoned(body: ReadableStream<Uint8Array>, signal: AbortSignal): ReadableStream<Uint8Array> {
  const cancel = (): void => {
    // A locked body is being written: the server cancels it when the socket closes.
    if (!body.locked) body.cancel('the client left before the response was written').catch(() => undefined);
  };
  if (signal.aborted) cancel();
  else signal.addEventListener('abort', cancel, { once: true });
  return body;
}
