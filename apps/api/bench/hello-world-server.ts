/**
 * The baseline of api.bench.ts: a bare Hono app on @hono/node-server answering one small JSON
 * object, run as its own process like the real server. Prints `listening on http://host:port`.
 */
import { serve } from '@hono/node-server';
import { Hono } from 'hono';

const app = new Hono();
app.get('/hello', (c) => c.json({ hello: 'world' }));

serve({ fetch: app.fetch, hostname: '127.0.0.1', port: 0 }, (info) => {
  console.log(`listening on http://127.0.0.1:${info.port}`);
});
