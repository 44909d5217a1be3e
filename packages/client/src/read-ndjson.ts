/**
 * The lines of an NDJSON body as parsed values, one at a time as they arrive, so that a trace
 * of any length is read in constant memory.
 *
 * @example
 * for await (const step of readNdjson<TraceStep>(response)) console.log(step.tick, step.move);
 */
export async function* readNdjson<T>(response: Response): AsyncGenerator<T> {
  if (response.body === null) return;
  const decoder = new TextDecoder();
  let pending = '';
  const reader = response.body.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      pending += done ? decoder.decode() : decoder.decode(value, { stream: true });
      let newline: number;
      while ((newline = pending.indexOf('\n')) >= 0) {
        const line = pending.slice(0, newline);
        pending = pending.slice(newline + 1);
        if (line.trim() !== '') yield JSON.parse(line) as T;
      }
      if (done) break;
    }
    if (pending.trim() !== '') throw new Error('the NDJSON body ended in the middle of a line');
  } finally {
    // A consumer that stops early (break) cancels the rest of the body, and with it the server's work.
    await reader.cancel().catch(() => undefined);
  }
}
