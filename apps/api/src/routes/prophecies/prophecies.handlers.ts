import type { RouteHandler } from '@hono/zod-openapi';
import type { SimulationService } from '../../simulations/simulation-service.js';
import type { ProphecyRoutes } from './prophecies.routes.js';

export function prophecyHandlers(service: SimulationService) {
  const list: RouteHandler<ProphecyRoutes['list']> = async (c) => {
    const query = c.req.valid('query');
    const page = await service.listProphecies(c.get('auth'), c.req.valid('param').id, query);
    return c.json({ data: page.items, pagination: { limit: query.limit, offset: query.offset, total: page.total } }, 200);
  };
  return { list };
}
