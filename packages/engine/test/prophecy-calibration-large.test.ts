import { describe, it } from 'vitest';
import type { ScenarioInput } from '../src/index.js';
import { expectAgreement } from './calibration/expect-agreement.js';
import { listScenarioFiles, parseScenarioFile, runnable } from './scenario-files.js';

/**
 * The largest pre-built scenario's share of prophecy-calibration.test.ts, in a file of its own
 * so that it runs beside the rest rather than after it.
 */
const entry = listScenarioFiles().find((file) => file.name === 'crowded-large');

describe('1.3.0 verdicts agree with an independent counterfactual of the reign (20 seeds, 16 paired replicates)', () => {
  it.skipIf(entry === undefined)(
    'crowded-large',
    () => {
      const file = runnable(parseScenarioFile(entry as NonNullable<typeof entry>));
      const scenario = (_id: string, seed: number): ScenarioInput => ({ ...file, seed });
      expectAgreement(
        scenario,
        'crowded-large',
        Array.from({ length: 20 }, (_, i) => i + 1),
      );
    },
    900_000,
  );
});
