import type { OpenAPIHono } from '@hono/zod-openapi';

type Fetch = OpenAPIHono['fetch'];
type FetchArgs = Parameters<Fetch>;

/**
 * Answers HEAD as the GET of the same URL without its body, in place of Hono's own HEAD, which
 * dispatches GET and keeps only that response's status and headers (`new Response(null, res)`).
 * That GET response's body was never cancelled, so what a streamed GET holds until its reader
 * reads to the end or leaves (a place in the engine's queue for a trace, a stream's place for
 * events) was never given back; and the headers the app's middlewares add to a response after
 * it is made were lost (@hono/node-server's light response copies only those it was made with).
 * Here the request runs as a GET, its body is cancelled at once, and the answer carries its
 * status and every header.
 */
export function answerHeadAsGet(app: OpenAPIHono): void {
  const fetch = app.fetch;
  const head = async (request: Request, env: FetchArgs[1], executionCtx: FetchArgs[2]): Promise<Response> => {
    const response = await fetch(new Request(request, { method: 'GET' }), env, executionCtx);
    // Status and headers first: on @hono/node-server's light response, reading `body` rebuilds
    // the response from what it was constructed with, without the headers added to it since.
    const answer = new Response(null, { status: response.status, headers: new Headers(response.headers) });
    // Cancelling runs the body's own release at once; what the source does after is not waited for.
    response.body?.cancel().catch(() => undefined);
    return answer;
  };
  app.fetch = (request, env, executionCtx) => (request.method === 'HEAD' ? head(request, env, executionCtx) : fetch(request, env, executionCtx));
}
