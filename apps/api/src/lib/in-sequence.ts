import type { Context, ErrorHandler, MiddlewareHandler, Next } from 'hono';

/**
 * One middleware that runs `parts` in order exactly as Hono runs a chain of separate ones: a
 * part that returns a Response makes it the response unless one was set already, and a part's
 * error becomes `onError`'s response right there, so the parts before it still run their code
 * after `await next()`. The router and Hono's dispatch both cost per handler on every request,
 * so the app-wide middlewares, and each protected route's guards, are cheaper as one. The
 * parts' markers (see matchedRouteCarries) are carried over.
 *
 * Hono's own `compose` is not usable here: it records each part's position as the route index,
 * which is where `c.req.param()` looks for the matched route's parameters.
 */
export function inSequence(parts: readonly MiddlewareHandler[], onError?: ErrorHandler): MiddlewareHandler {
  const run = async (c: Context, next: Next, index: number): Promise<void> => {
    const part = parts[index];
    if (part === undefined) return next();
    let response: Response | void;
    let isError = false;
    try {
      response = await part(c, () => run(c, next, index + 1));
    } catch (error) {
      if (!(error instanceof Error) || onError === undefined) throw error;
      c.error = error;
      response = await onError(error, c);
      isError = true;
    }
    if (response instanceof Response && (!c.finalized || isError)) c.res = response;
  };
  const sequence: MiddlewareHandler = (c, next) => run(c, next, 0);
  for (const part of parts) {
    for (const marker of Object.getOwnPropertySymbols(part)) Object.assign(sequence, { [marker]: (part as unknown as Record<symbol, unknown>)[marker] });
  }
  return sequence;
}
