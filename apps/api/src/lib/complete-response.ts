import type { Context } from 'hono';

declare module 'hono' {
  interface ContextVariableMap {
    /** The response completeResponse (http/build-complete-response.ts) built for this request. */
    completeResponse: Response;
  }
}

/** Whether the response of this request is the one completeResponse built, headers included. */
export function isCompleteResponse(c: Context): boolean {
  const complete = c.get('completeResponse');
  return complete !== undefined && complete === c.res;
}
