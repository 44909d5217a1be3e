import type { RouteHandler } from '@hono/zod-openapi';
import type { SimulationService } from '../../simulations/simulation-service.js';
import type { DecreeRoutes } from './decrees.routes.js';

type Handler<K extends keyof DecreeRoutes> = RouteHandler<DecreeRoutes[K]>;

export function decreeHandlers(service: SimulationService) {
  const submit: Handler<'submit'> = async (c) => {
    const { id } = c.req.valid('param');
    const decree = await service.submitDecree(c.get('auth'), id, c.req.valid('json'));
    c.header('Location', `/v1/simulations/${id}/decrees/${decree.id}`);
    return c.json(decree, 201);
  };

  const list: Handler<'list'> = async (c) => {
    const query = c.req.valid('query');
    const page = await service.listDecrees(c.get('auth'), c.req.valid('param').id, query);
    return c.json({ data: page.items, pagination: { limit: query.limit, offset: query.offset, total: page.total } }, 200);
  };

  const get: Handler<'get'> = async (c) => {
    const { id, decreeId } = c.req.valid('param');
    return c.json(await service.getDecree(c.get('auth'), id, decreeId), 200);
  };

  return { submit, list, get };
}
