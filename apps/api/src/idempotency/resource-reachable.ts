import type { Context, ContextVariableMap } from 'hono';
import { UUID_FORM } from '../lib/uuid-form.js';

/** The caller, as authentication left it on the context (this layer names no identity module). */
type Caller = NonNullable<ContextVariableMap['auth']>;

/** Whether the caller of `c` may still reach the resource its path names (a simulation's, an experiment's). */
export type ResourceReachable = (c: Context) => Promise<boolean>;

declare module 'hono' {
  interface ContextVariableMap {
    /** Set app-wide: asked before an Idempotency-Key's stored answer is given again. */
    resourceReachable: ResourceReachable;
  }
}

/** A POST under one resource: its kind and id (a UUID; `/v1/simulations/run` names none). */
const UNDER_RESOURCE = new RegExp(`^/v1/(simulations|experiments)/(${UUID_FORM})(?:/|$)`);

/** How each kind of resource checks access: resolves when the caller may reach it, throws 401 or 404 otherwise. */
export interface ResourceAccess {
  simulation: (auth: Caller, id: string) => Promise<unknown>;
  experiment?: (auth: Caller, id: string) => Promise<unknown>;
}

/**
 * A stored answer was made for a caller who could reach the resource then; a JWT's
 * organizations may have shrunk since. This asks again, as the route's handler would (a lookup,
 * only when a request's key has a stored answer): a path with no resource id (creates, `run`)
 * is reachable, the organization it acts for being checked by the idempotency middleware itself.
 */
export function resourceReachability(access: ResourceAccess): ResourceReachable {
  return async (c) => {
    const match = UNDER_RESOURCE.exec(c.req.path);
    if (match === null) return true;
    const auth = c.get('auth');
    const check = match[1] === 'simulations' ? access.simulation : access.experiment;
    if (auth === undefined || check === undefined) return false;
    try {
      await check(auth, (match[2] as string).toLowerCase());
      return true;
    } catch {
      return false;
    }
  };
}
