import { z } from '@hono/zod-openapi';
import { LIMITS } from '@sim/engine';

/**
 * What one subscriber receives of each tick: which agents (`all`, `none`, or a deterministic
 * sample of N) and how their positions are encoded (`json`, the interface's agent objects, or
 * `packed`, quantized columns). See docs/api.md, "Events", "Choosing what a stream carries".
 */
export interface TickVariant {
  readonly agents: 'all' | 'none' | number;
  readonly encoding: 'json' | 'packed';
}

/** What a subscriber that falls behind gets: closed (`drop`) or only the newest tick (`skip`). */
export type LagPolicy = 'drop' | 'skip';

/** No parameter: the interface's tick event, unchanged. */
export const DEFAULT_TICK_VARIANT: TickVariant = { agents: 'all', encoding: 'json' };

export const AgentsParamSchema = z
  .string()
  .refine(
    (v) => v === 'all' || v === 'none' || (/^[1-9]\d{0,4}$/.test(v) && Number(v) <= LIMITS.maxAgents),
    `must be all, none or a sample size from 1 to ${LIMITS.maxAgents}`,
  )
  .openapi({ pattern: '^(all|none|[1-9][0-9]{0,4})$' });
export const EncodingParamSchema = z.enum(['json', 'packed']);
export const LagParamSchema = z.enum(['drop', 'skip']);

/** The variant a query asks for; `agents=none` carries no agents, so its encoding is moot. */
export function tickVariant(agents: string | undefined, encoding: 'json' | 'packed' | undefined): TickVariant {
  const detail = agents === undefined || agents === 'all' ? 'all' : agents === 'none' ? 'none' : Number(agents);
  return detail === 'none' ? { agents: 'none', encoding: 'json' } : { agents: detail, encoding: encoding ?? 'json' };
}

/** One key per distinct encoding of a tick: subscribers with the same key share its frames. */
export function variantKey(variant: TickVariant): string {
  return `${variant.agents}/${variant.encoding}`;
}
