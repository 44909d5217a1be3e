import { DEFAULT_ENGINE_VERSION, type TraceStep } from '@sim/engine';
import { transferableSymbol, valueSymbol } from 'piscina';
import { describe, expect, it } from 'vitest';
import type { AdvanceResult, AdvanceTask, ReplayResult, ReplayTask } from '../../src/engine-work/engine-task.js';
import engineWorker from '../../src/engine-work/engine-worker.js';
import { runEngineTask } from '../../src/engine-work/run-engine-task.js';
import { segmentsOf } from '../../src/engine-data/step-lines.js';
import { prebuiltScenario } from '../support/scenario-files.js';

/**
 * An engine worker moves a streamed run's lines, and a trace's, to the event loop (piscina's
 * transfer list) instead of copying them into the message: the segments under them, each once.
 */

const task = (stepLines: boolean): AdvanceTask => ({
  kind: 'advance',
  from: { scenario: prebuiltScenario('calm-equilibrium'), engineVersion: DEFAULT_ENGINE_VERSION },
  ticks: 12,
  keepSteps: false,
  checkpointEvery: 0,
  stepLines,
});

describe('the engine worker', () => {
  it("hands a run's lines back to move: their segments in the transfer list, the result beside them", () => {
    const moved = engineWorker(task(true)) as Record<symbol, unknown>;
    expect(transferableSymbol in moved).toBe(true);
    const result = moved[valueSymbol] as AdvanceResult;
    expect(result.stepLines).toHaveLength(12);
    expect(moved[transferableSymbol]).toEqual(segmentsOf(result.stepLines));
    // The same lines the engine writes in process.
    const inProcess = runEngineTask(task(true)) as AdvanceResult;
    expect(result.stepLines.map((line) => Buffer.from(line).toString())).toEqual(inProcess.stepLines.map((line) => Buffer.from(line).toString()));
  });

  it("hands a trace's lines back to move: each step's JSON text and a newline", () => {
    const replay = (format: ReplayTask['format'], stepsFromTick = 1): ReplayTask => ({
      kind: 'replay',
      from: { scenario: prebuiltScenario('calm-equilibrium'), engineVersion: DEFAULT_ENGINE_VERSION },
      inputs: [],
      untilTick: 12,
      stepsFromTick,
      format,
      budgetMs: 60_000,
      maxOutput: Number.MAX_SAFE_INTEGER,
    });
    const moved = engineWorker(replay('lines', 4)) as Record<symbol, unknown>;
    expect(transferableSymbol in moved).toBe(true);
    const result = moved[valueSymbol] as ReplayResult;
    // Ticks before the first wanted come as null, as in every format.
    expect(result.steps.slice(0, 3)).toEqual([null, null, null]);
    const lines = result.steps.slice(3) as Uint8Array[];
    const texts = ((runEngineTask(replay('object', 4)) as ReplayResult).steps.slice(3) as TraceStep[]).map((step) => JSON.stringify(step));
    expect(texts).toHaveLength(9);
    // Sent as piscina sends it: every line's buffer is in the transfer list, so none stays behind.
    const received = structuredClone(result, { transfer: moved[transferableSymbol] as ArrayBuffer[] });
    expect(lines.every((line) => line.byteLength === 0)).toBe(true);
    expect((received.steps.slice(3) as Uint8Array[]).map((line) => Buffer.from(line).toString())).toEqual(texts.map((text) => `${text}\n`));
  });

  it('ends a stretch of lines once its bytes reach the output allowed', () => {
    const stretch = runEngineTask({
      kind: 'replay',
      from: { scenario: prebuiltScenario('calm-equilibrium'), engineVersion: DEFAULT_ENGINE_VERSION },
      inputs: [],
      untilTick: 100,
      stepsFromTick: 1,
      format: 'lines',
      budgetMs: 60_000,
      // Bytes, not steps: the first line holds more than 2, so the stretch ends with it.
      maxOutput: 2,
    }) as ReplayResult;
    expect(stretch.tick).toBe(1);
    expect(stretch.steps).toHaveLength(1);
  });

  it('hands back any other result as it is', () => {
    const result = engineWorker(task(false)) as AdvanceResult;
    expect(transferableSymbol in result).toBe(false);
    expect(result.kind).toBe('advanced');
    expect(result.stepLines).toEqual([]);
  });
});
