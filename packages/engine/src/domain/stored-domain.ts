import type { z } from 'zod';
import { resumeStream, type RandomStreamState } from '../rng/random-stream.js';
import type { DomainRuntime } from './domain-runtime.js';
import { domainModel } from './registry.js';

/**
 * A world's domain model as a snapshot keeps it: plain JSON, parsed against the model's own
 * schemas when it is restored.
 *
 * @example
 * const stored: StoredDomain = toStoredDomain(world.domain);
 */
export interface StoredDomain {
  model: string;
  parameters: unknown;
  state: unknown;
  stream: RandomStreamState;
}

/**
 * The domain as a snapshot stores it. The state is copied through JSON, so the snapshot never
 * shares an object with the running world.
 *
 * @example
 * snapshot.domain = toStoredDomain(world.domain);
 */
export function toStoredDomain(domain: DomainRuntime): StoredDomain {
  return {
    model: domain.model.id,
    parameters: JSON.parse(JSON.stringify(domain.parameters)) as unknown,
    state: JSON.parse(JSON.stringify(domain.state)) as unknown,
    stream: domain.stream.state(),
  };
}

/**
 * The checks a stored domain needs beyond its shape: the model exists in this build and the
 * parameters and state parse against its schemas (issues under `domain`).
 *
 * @example
 * if (snapshot.domain) checkStoredDomain(snapshot.domain, ctx);
 */
export function checkStoredDomain(stored: StoredDomain, ctx: z.RefinementCtx): void {
  const model = domainModel(stored.model);
  if (model === undefined) {
    ctx.addIssue({ code: 'custom', path: ['domain', 'model'], message: `unknown domain model "${stored.model}"` });
    return;
  }
  const report = (key: 'parameters' | 'state', result: { success: boolean; error?: z.ZodError }): void => {
    for (const issue of result.error?.issues ?? []) {
      ctx.addIssue({
        code: 'custom',
        path: ['domain', key, ...issue.path.map((part) => (typeof part === 'symbol' ? String(part) : part))],
        message: issue.message,
      });
    }
  };
  report('parameters', model.parametersSchema.safeParse(stored.parameters));
  report('state', model.internalStateSchema.safeParse(stored.state));
}

/**
 * The running domain rebuilt from a snapshot that `checkStoredDomain` accepted.
 *
 * @example
 * world.domain = snapshot.domain === undefined ? null : restoreDomain(snapshot.domain);
 */
export function restoreDomain(stored: StoredDomain): DomainRuntime {
  const model = domainModel(stored.model);
  if (model === undefined) throw new Error(`unknown domain model "${stored.model}"`);
  const parameters = model.parametersSchema.parse(stored.parameters);
  return { model, parameters, state: model.internalStateSchema.parse(stored.state), stream: resumeStream(stored.stream), sites: [...model.sites(parameters)] };
}
