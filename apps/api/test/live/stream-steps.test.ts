import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventsUrl, startLiveServer, Subscriber, type LiveServer, type ReceivedEvent } from './support/live-server.js';
import { createSimulation } from '../helpers/create-simulation.js';

let server: LiveServer;
beforeAll(async () => {
  server = await startLiveServer();
});
afterAll(async () => {
  await server.close();
});

const create = (scenarioId?: string): Promise<string> => createSimulation(server, { scenarioId });
const step = (id: string, ticks: number) => server.call(`/v1/simulations/${id}/step`, { key: 'key-a', body: { ticks } });
const data = (m: ReceivedEvent): any => JSON.parse(m.data);
const ids = (events: ReceivedEvent[]): number[] => events.map((m) => Number(m.id));

describe('GET /v1/simulations/{id}/events during step requests', () => {
  it('streams every tick in order with its events, ids increasing, matching the trace', async () => {
    const id = await create();
    const sub = new Subscriber(eventsUrl(server, id), 'key-a');
    await sub.opened();
    await step(id, 7);
    const decree = (await (
      await server.call(`/v1/simulations/${id}/decrees`, { key: 'key-a', body: { type: 'remove-agent', payload: { id: 'agent-6' } } })
    ).json()) as { id: string };
    await step(id, 5);
    await sub.until(() => sub.ticks().at(-1) === 12);
    sub.close();

    const history = sub.history();
    expect(sub.ticks()).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    const numeric = ids(history);
    expect(numeric.every((n, i) => i === 0 || n > (numeric[i - 1] as number))).toBe(true);

    // Prophecies every 5 ticks (fixture rules), each before the tick that made it.
    const prophecies = history.filter((m) => m.event === 'prophecy').map(data);
    expect(prophecies.map((p) => p.tick)).toEqual([5, 10]);
    expect(prophecies[0]).toMatchObject({ seq: 1, simulationId: id, data: { schema: 'prophecy/4' } });
    // The decree is emitted when applied: at tick 8, before tick 8's tick event.
    const decreeAt = history.findIndex((m) => m.event === 'decree');
    expect(data(history[decreeAt] as ReceivedEvent)).toMatchObject({ decreeId: decree.id, tick: 8, type: 'remove-agent', applied: true, reason: null });
    expect(data(history[decreeAt + 1] as ReceivedEvent)).toMatchObject({ t: 8 });
    expect(data(history[decreeAt - 1] as ReceivedEvent)).toMatchObject({ t: 7 });

    // Every event of a tick comes before that tick's tick event and after the previous one.
    let lastTick = 0;
    for (const m of history) {
      if (m.event === 'tick') lastTick = data(m).t;
      else if (m.event !== 'simulation:status') expect(data(m).tick).toBe(lastTick + 1);
    }

    // The tick events are the trace: same move, state, warning and agents (with lambda and gamma).
    const trace = (await (await server.call(`/v1/simulations/${id}/trace`, { key: 'key-a' })).json()) as { steps: any[] };
    const ticks = history.filter((m) => m.event === 'tick').map(data);
    ticks.forEach((t, i) => {
      const s = trace.steps[i];
      expect(t).toEqual({ t: s.tick, b: s.state.stability, lastMove: s.move, state: { ...s.state, status: 'idle' }, warning: s.warning, agents: s.agents });
      for (const agent of t.agents) expect(Object.keys(agent.policy).sort()).toEqual(['belief', 'gamma', 'lambda']);
    });
  });

  it('gives several subscribers the same sequence', async () => {
    const id = await create();
    const subs = [new Subscriber(eventsUrl(server, id), 'key-a'), new Subscriber(eventsUrl(server, id), 'key-a-read')];
    await Promise.all(subs.map((s) => s.opened()));
    await step(id, 6);
    await step(id, 4);
    await Promise.all(subs.map((s) => s.until(() => s.ticks().at(-1) === 10)));
    subs.forEach((s) => s.close());
    expect((subs[0] as Subscriber).history().length).toBeGreaterThan(10);
    expect((subs[1] as Subscriber).history()).toEqual((subs[0] as Subscriber).history());
  });

  it('shows an agent-policy change in the next tick’s agents', async () => {
    const id = await create();
    const sub = new Subscriber(eventsUrl(server, id), 'key-a');
    await sub.opened();
    await step(id, 2);
    const res = await server.call(`/v1/simulations/${id}/agent-policy`, { method: 'PUT', key: 'key-a', body: { agentId: 'agent-2', policy: { lambda: 3.5 } } });
    expect(res.status).toBe(200);
    await step(id, 1);
    await sub.until(() => sub.ticks().at(-1) === 3);
    sub.close();
    const agent2 = (t: number) =>
      data(sub.history().find((m) => m.event === 'tick' && data(m).t === t) as ReceivedEvent).agents.find((a: any) => a.id === 'agent-2');
    expect(agent2(2).policy).toEqual({ lambda: 0.5, gamma: 0.5, belief: 1 });
    expect(agent2(3).policy).toEqual({ lambda: 3.5, gamma: 0.5, belief: 1 });
  });

  it('replays the ticks of run from lastEventId=0, then ends with the completion', async () => {
    const res = await server.call('/v1/simulations/run', { key: 'key-a', body: { scenarioId: 'short-lived', ticks: 10 } });
    expect(res.status).toBe(201);
    const { simulationId, trace } = (await res.json()) as { simulationId: string; trace: { steps: any[] } };
    const sub = new Subscriber(eventsUrl(server, simulationId, '?lastEventId=0'), 'key-a');
    await sub.until(() => sub.received.some((m) => m.event === 'simulation:status'));
    // The stream ends after the final status; the reconnect gets 204 and the client stops.
    await sub.until(() => sub.source.readyState === 2 && sub.connectionErrors.some((e) => e.code === 204));
    expect(sub.ticks()).toEqual([1, 2, 3, 4, 5]);
    expect(
      sub
        .history()
        .filter((m) => m.event === 'tick')
        .map((m) => data(m).lastMove),
    ).toEqual(trace.steps.map((s) => s.move));
    const status = sub.history().at(-1) as ReceivedEvent;
    expect(status.event).toBe('simulation:status');
    expect(data(status)).toEqual({ status: 'completed', previous: 'idle', tick: 5 });
    expect(data(sub.history().at(-2) as ReceivedEvent)).toMatchObject({ t: 5, state: { status: 'completed', completion: 'max-ticks' } });
  });

  it('answers 204 to a fresh subscription of a completed simulation', async () => {
    const res = await server.call('/v1/simulations/run', { key: 'key-a', body: { scenarioId: 'short-lived', ticks: 10 } });
    const { simulationId } = (await res.json()) as { simulationId: string };
    const plain = await server.call(`/v1/simulations/${simulationId}/events`, { key: 'key-a' });
    expect(plain.status).toBe(204);
  });
});
