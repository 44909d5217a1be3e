/** Polls `condition` every 5 ms until it holds; throws `message` once `timeoutMs` have passed. */
export async function waitFor(condition: () => boolean, timeoutMs: number, message: string | (() => string)): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(typeof message === 'string' ? message : message());
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}
