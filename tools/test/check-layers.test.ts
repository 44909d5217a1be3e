import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkLayers, describeViolation } from '../lint/check-layers.js';
import { REPO_ROOT } from '../packaging/published-packages.js';

// Cruising the whole tree takes seconds on a loaded machine.
const CRUISE_MS = 120_000;

describe('the import graph (.dependency-cruiser.js)', () => {
  it(
    'has no back arrow, no circle and a pure worker',
    async () => {
      const violations = await checkLayers();
      expect(violations.map(describeViolation)).toEqual([]);
    },
    CRUISE_MS,
  );

  it(
    'fails on a back arrow, a circle, a worker that reaches up and a folder outside the layers',
    async () => {
      // A tree laid out like the API, each of whose files breaks one rule (or keeps them all).
      const fixture = join(REPO_ROOT, 'tools/test/fixtures/layers');
      const violations = await checkLayers(fixture, ['apps/api/src']);
      const src = 'apps/api/src';
      expect(violations.map(describeViolation).sort()).toEqual(
        [
          `layers-point-down:lib: ${src}/lib/guard.ts → ${src}/routes/route.ts`,
          `layers-point-down:engine-work: ${src}/engine-work/task.ts → ${src}/live/step.ts`,
          `worker-is-pure: ${src}/engine-work/task.ts → ${src}/live/step.ts`,
          `no-circular: ${src}/simulations/first.ts → ${src}/simulations/second.ts → ${src}/simulations/first.ts`,
          `in-a-layer: ${src}/unplaced-folder/unplaced.ts → ${src}/lib/generic.ts`,
        ].sort(),
      );
    },
    CRUISE_MS,
  );
});
