/** A body read to its end in the background: the text so far at any moment, and all of it at the end. */
export interface FollowedText {
  text(): string;
  /** The whole text once the body ends; rejects if reading fails (a stream aborted by its client). */
  ended: Promise<string>;
  /** Stops reading and waits for the reading to end (a failure of it fails the caller). */
  cancel(): Promise<void>;
}

export function followText(body: ReadableStream<Uint8Array>): FollowedText {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let text = '';
  const ended = (async () => {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return text;
      text += decoder.decode(value, { stream: true });
    }
  })();
  // A body its test aborts rejects here; a test that waits for the end sees the rejection itself.
  ended.catch(() => undefined);
  return {
    text: () => text,
    ended,
    async cancel() {
      await reader.cancel();
      await ended;
    },
  };
}
