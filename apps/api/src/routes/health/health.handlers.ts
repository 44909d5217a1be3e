import type { RouteHandler } from '@hono/zod-openapi';
import { DEFAULT_ENGINE_VERSION, ENGINE_VERSIONS } from '@sim/engine';
import type { Clock } from '../../lib/clock.js';
import type { HealthRoutes } from './health.routes.js';

export interface HealthDeps {
  ping(): Promise<boolean>;
  clock: Clock;
  serviceVersion: string;
  startedAt: Date;
}

export function healthHandlers(deps: HealthDeps) {
  const get: RouteHandler<HealthRoutes['get']> = async (c) => {
    const up = await deps.ping();
    const body = {
      status: up ? ('ok' as const) : ('unavailable' as const),
      version: deps.serviceVersion,
      engineVersions: [...ENGINE_VERSIONS],
      defaultEngineVersion: DEFAULT_ENGINE_VERSION,
      database: up ? ('ok' as const) : ('unavailable' as const),
      uptimeSeconds: Math.max(0, Math.floor((deps.clock.now().getTime() - deps.startedAt.getTime()) / 1000)),
    };
    return up ? c.json(body, 200) : c.json(body, 503);
  };
  return { get };
}
