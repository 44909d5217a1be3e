import type { Context, MiddlewareHandler, Next } from 'hono';

/**
 * One middleware that runs `parts` in order the way Hono runs a route's chain: a part that
 * returns a Response makes it the response unless one was set already. The router and Hono's
 * dispatch both cost per handler on every request, so a protected route's five or six guards
 * are cheaper as one. The parts' markers (see matchedRouteCarries) are carried over.
 *
 * One difference: an error thrown by a part goes straight up to the app's error handler, past
 * the code the earlier parts run after `await next()`. Only the last part may rely on such code
 * (the handler's own errors still reach it as responses, converted by Hono before it resumes).
 */
export function inSequence(parts: readonly MiddlewareHandler[]): MiddlewareHandler {
  const run = async (c: Context, next: Next, index: number): Promise<void> => {
    const part = parts[index];
    if (part === undefined) return next();
    const response = await part(c, () => run(c, next, index + 1));
    if (response instanceof Response && !c.finalized) c.res = response;
  };
  const sequence: MiddlewareHandler = (c, next) => run(c, next, 0);
  for (const part of parts) {
    for (const marker of Object.getOwnPropertySymbols(part)) Object.assign(sequence, { [marker]: (part as unknown as Record<symbol, unknown>)[marker] });
  }
  return sequence;
}
