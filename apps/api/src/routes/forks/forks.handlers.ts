import type { RouteHandler } from '@hono/zod-openapi';
import type { SimulationForks } from '../../simulations/simulation-forks.js';
import { workRequest } from '../../work-budget/work-request.js';
import { location } from '../simulations/simulations.handlers.js';
import type { ForkRoutes } from './forks.routes.js';

type Handler<K extends keyof ForkRoutes> = RouteHandler<ForkRoutes[K]>;

export function forkHandlers(forks: SimulationForks) {
  const fork: Handler<'fork'> = async (c) => {
    const view = await forks.fork(workRequest(c), c.req.valid('param').id, c.req.valid('json'));
    c.header('Location', location(view.id));
    return c.json(view, 201);
  };

  const lineage: Handler<'lineage'> = async (c) => c.json(await forks.lineage(c.get('auth'), c.req.valid('param').id), 200);

  const compare: Handler<'compare'> = async (c) => {
    const { id, otherId } = c.req.valid('param');
    return c.json(await forks.compare(workRequest(c), id, otherId), 200);
  };

  return { fork, lineage, compare };
}
