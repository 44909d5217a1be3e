import { getAdapter, translate } from '@sim/domain-adapters';
import { Simulation, type DomainState, type EngineState, type TraceStep } from '@sim/engine';
import { rmSync } from 'node:fs';
import { dirname } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventsUrl, startLiveServer, Subscriber, type LiveServer } from '../live/support/live-server.js';
import { recordingRunner, startTick } from '../timeline/support.js';

/**
 * `state.domain` as every read of the API shows it (docs/engine.md, "Domain models (1.4.0)",
 * "Seen from outside"): the state of a past tick, replayed from a checkpoint; the comparison of a
 * fork; the SSE tick event; and a simulation re-opened by a restarted server. A bank run: its
 * model draws daily noise from the world's domain stream, so a reseeded fork's banks differ.
 */
const INPUT = getAdapter('bank-run')?.example;
const CHECKPOINT_INTERVAL = 10;
const LAST = 30;

type Json = any;
const json = async (res: Response): Promise<Json> => res.json();

/** The bank run as the engine computes it alone, uninterrupted: the reference every API read is held to. */
function referenceDomains(ticks: number): DomainState[] {
  const result = translate('bank-run', INPUT);
  if (!result.ok) throw new Error('the bank-run example does not translate');
  const domains: DomainState[] = [];
  Simulation.create(result.scenario).step(ticks, { onStep: (step) => domains.push(step.state.domain as DomainState) });
  return domains;
}

async function createBankRun(server: LiveServer): Promise<string> {
  const res = await server.call('/v1/simulations/from-domain', { key: 'key-a', body: { domain: 'bank-run', input: INPUT } });
  expect(res.status).toBe(201);
  return (await json(res)).id as string;
}

async function step(server: LiveServer, id: string, ticks: number): Promise<Json> {
  const res = await server.call(`/v1/simulations/${id}/step`, { key: 'key-a', body: { ticks } });
  expect(res.status).toBe(200);
  return json(res);
}

async function traceOf(server: LiveServer, id: string): Promise<TraceStep[]> {
  return ((await json(await server.call(`/v1/simulations/${id}/trace`, { key: 'key-a' }))) as { steps: TraceStep[] }).steps;
}

const engine = recordingRunner();
let server: LiveServer;
let id: string;
let steps: TraceStep[];
const reference = referenceDomains(LAST);
beforeAll(async () => {
  server = await startLiveServer({ deps: { engine, checkpointInterval: CHECKPOINT_INTERVAL } });
  id = await createBankRun(server);
  // Uneven steps, so that checkpoints fall inside a step request.
  await step(server, id, 7);
  await step(server, id, LAST - 7);
  steps = await traceOf(server, id);
});
afterAll(async () => {
  await server.close();
});

describe('state.domain over the API (a bank run from POST /v1/simulations/from-domain)', () => {
  it('the trace carries the banks on every tick, as the engine computes them alone', () => {
    expect(steps).toHaveLength(LAST);
    expect(steps.map((s) => s.state.domain)).toEqual(reference);
    expect(reference[0]?.model).toBe('bank-run');
    // The banks move: a pin on a domain that stands still would prove nothing.
    expect(reference.at(-1)).not.toEqual(reference[0]);
  });

  it('GET …/states/{t} gives the domain of trace step t, before the first checkpoint and replayed from one after it', async () => {
    for (const tick of [1, 6, CHECKPOINT_INTERVAL, 17, 2 * CHECKPOINT_INTERVAL + 3, LAST]) {
      const res = await server.call(`/v1/simulations/${id}/states/${tick}`, { key: 'key-a' });
      expect(res.status).toBe(200);
      const body = (await json(res)) as { tick: number; state: EngineState };
      expect(body.tick).toBe(tick);
      expect(body.state.domain).toEqual(steps[tick - 1]?.state.domain);
      expect(body.state).toEqual(steps[tick - 1]?.state);
    }
    // A state after a checkpoint is replayed from that checkpoint, whose domain state and stream it restores.
    engine.replays.length = 0;
    await server.call(`/v1/simulations/${id}/states/${2 * CHECKPOINT_INTERVAL + 3}`, { key: 'key-a' });
    expect(startTick(engine.replays[0])).toBe(2 * CHECKPOINT_INTERVAL);
  });

  it('GET …/compare/{otherId} of a reseeded fork carries both runs’ domain states, tick by tick', async () => {
    const atTick = 12;
    const forked = await server.call(`/v1/simulations/${id}/forks`, { key: 'key-a', body: { atTick, seed: 7 } });
    expect(forked.status).toBe(201);
    const fork = await json(forked);
    // The fork starts from its parent's world at atTick, the model's state included.
    expect(fork.state.domain).toEqual(steps[atTick - 1]?.state.domain);
    const forkId = fork.id as string;
    await step(server, forkId, 12);
    const forkSteps = await traceOf(server, forkId);
    expect(forkSteps).toHaveLength(atTick + 12);

    const res = await server.call(`/v1/simulations/${id}/compare/${forkId}`, { key: 'key-a' });
    expect(res.status).toBe(200);
    const comparison = await json(res);
    const range = atTick + 12;
    expect(comparison.domain).toEqual({
      sampled: false,
      ticks: Array.from({ length: range }, (_, i) => i + 1),
      simulation: steps.slice(0, range).map((s) => s.state.domain),
      other: forkSteps.map((s) => s.state.domain),
    });
    // The shared past is the same bank run; the reseed draws other withdrawals from then on.
    expect(comparison.domain.other.slice(0, atTick)).toEqual(comparison.domain.simulation.slice(0, atTick));
    expect(comparison.domain.other.slice(atTick)).not.toEqual(comparison.domain.simulation.slice(atTick));
    expect(comparison.firstDifferenceTick).toBeGreaterThan(atTick);
  });

  it('every SSE tick event carries the domain of its trace step', async () => {
    const other = await createBankRun(server);
    const sub = new Subscriber(eventsUrl(server, other), 'key-a');
    await sub.opened();
    await step(server, other, 5);
    await step(server, other, 4);
    await sub.until(() => sub.ticks().at(-1) === 9);
    sub.close();
    const ticks = sub.received.filter((m) => m.event === 'tick').map((m) => JSON.parse(m.data) as { t: number; state: EngineState });
    expect(ticks.map((t) => t.t)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(ticks.map((t) => t.state.domain)).toEqual(reference.slice(0, 9));
  });
});

describe('a domain simulation re-opened by a restarted server', () => {
  it('continues from its checkpoint with the domain state of the uninterrupted run', async () => {
    const first = await startLiveServer({ deps: { checkpointInterval: CHECKPOINT_INTERVAL } });
    let second: LiveServer | undefined;
    try {
      const restarted = await createBankRun(first);
      await step(first, restarted, 15);
      await first.shutdown();
      second = await startLiveServer({ dbFile: first.dbFile, deps: { checkpointInterval: CHECKPOINT_INTERVAL } });
      const view = await json(await second.call(`/v1/simulations/${restarted}`, { key: 'key-a' }));
      expect(view.state.tick).toBe(15);
      expect(view.state.domain).toEqual(reference[14]);
      const stepped = await step(second, restarted, LAST - 15);
      expect(stepped.state.tick).toBe(LAST);
      expect(stepped.state.domain).toEqual(reference[LAST - 1]);
      const { status: _lifecycle, ...after } = (await json(await second.call(`/v1/simulations/${restarted}`, { key: 'key-a' }))).state;
      const { status: _engine, ...uninterrupted } = steps[LAST - 1]?.state as EngineState;
      expect(after).toEqual(uninterrupted);
    } finally {
      await first.shutdown();
      await second?.shutdown();
      rmSync(dirname(first.dbFile), { recursive: true, force: true });
    }
  });
});
