import type { TraceStep } from '@sim/engine';
import { createHash } from 'node:crypto';
import type { StepDigest } from './engine-task.js';

/** What a comparison reads of `step`, whose JSON text is `text`: its hash and the fields it samples. */
export function stepDigest(step: TraceStep, text: string): StepDigest {
  return {
    hash: createHash('sha256').update(text).digest('base64'),
    stability: step.state.stability,
    attractors: step.state.attractors.map((attractor) => attractor.id),
    domain: step.state.domain ?? null,
  };
}
