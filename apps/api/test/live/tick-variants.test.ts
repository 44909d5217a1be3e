import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// The typed client's decoder, so this proves the client decodes what the server encodes.
import { PackedTickDecoder, type PackedAgent } from '@sim/client';
import { eventsUrl, startLiveServer, Subscriber, type LiveServer, type ReceivedEvent } from './support/live-server.js';
import { createSimulation } from '../helpers/create-simulation.js';

let server: LiveServer;
beforeAll(async () => {
  server = await startLiveServer();
});
afterAll(async () => {
  await server.close();
});

const step = (id: string, ticks: number) => server.call(`/v1/simulations/${id}/step`, { key: 'key-a', body: { ticks } });
const removeAgent = (id: string, agentId: string) =>
  server.call(`/v1/simulations/${id}/decrees`, { key: 'key-a', body: { type: 'remove-agent', payload: { id: agentId } } });
const data = (m: ReceivedEvent): any => JSON.parse(m.data);
const tickData = (sub: Subscriber): any[] =>
  sub
    .history()
    .filter((m) => m.event === 'tick')
    .map(data);
const trace = async (id: string): Promise<any[]> =>
  ((await (await server.call(`/v1/simulations/${id}/trace`, { key: 'key-a' })).json()) as { steps: any[] }).steps;

/** Half a quantum of the packed coordinates (scale 256). */
const QUANTUM = 0.5 / 256;
const SAMPLE = 4;

/** Decodes a stream's packed ticks in order, as a client would. */
function decodePacked(ticks: any[]): PackedAgent[][] {
  const decoder = new PackedTickDecoder();
  return ticks.map((t) =>
    decoder.decode(
      t.packed,
      t.state.attractors.map((a: any) => a.id),
    ),
  );
}

function expectSameAgents(decoded: PackedAgent[], expected: any[]): void {
  expect(decoded.map((a) => a.id)).toEqual(expected.map((a) => a.id));
  decoded.forEach((agent, i) => {
    const want = expected[i];
    expect(Math.abs(agent.x - want.state.x)).toBeLessThanOrEqual(QUANTUM);
    expect(Math.abs(agent.y - want.state.y)).toBeLessThanOrEqual(QUANTUM);
    expect(agent.basin).toBe(want.state.basin);
  });
}

const VARIANTS = ['', '?agents=none', `?agents=${SAMPLE}`, `?agents=${SAMPLE}&encoding=packed`, '?encoding=packed', '?agents=all&encoding=json'] as const;

/** Opens one subscriber per variant, steps 12 ticks with an agent removed at tick 8, and returns them with the trace. */
async function playAll(): Promise<{ id: string; subs: Record<(typeof VARIANTS)[number], Subscriber>; steps: any[] }> {
  const id = await createSimulation(server);
  const subs = Object.fromEntries(VARIANTS.map((q) => [q, new Subscriber(eventsUrl(server, id, q), 'key-a')])) as Record<(typeof VARIANTS)[number], Subscriber>;
  await Promise.all(Object.values(subs).map((s) => s.opened()));
  await step(id, 7);
  // The first agent of the trace leaves: the packed roster changes at tick 8.
  const first = (await trace(id))[0].agents[0].id as string;
  await removeAgent(id, first);
  await step(id, 5);
  await Promise.all(Object.values(subs).map((s) => s.until(() => s.ticks().at(-1) === 12)));
  Object.values(subs).forEach((s) => s.close());
  return { id, subs, steps: await trace(id) };
}

describe('tick variants (agents, encoding)', () => {
  it('every variant of a tick decodes to the agents of the trace step; the sample is the same agents every tick', async () => {
    const { subs, steps } = await playAll();
    const aggregates = (s: any) => ({ t: s.tick, b: s.state.stability, lastMove: s.move, state: { ...s.state, status: 'idle' }, warning: s.warning });

    // No parameter, and agents=all&encoding=json: the interface's tick event, exactly.
    for (const q of ['', '?agents=all&encoding=json'] as const) {
      expect(tickData(subs[q])).toEqual(steps.map((s) => ({ ...aggregates(s), agents: s.agents })));
    }
    // agents=none: the aggregates only (stability, centroid, basins in state).
    const none = tickData(subs['?agents=none']);
    expect(none).toEqual(steps.map(aggregates));
    expect(none[0].state.centroid).toEqual(steps[0].state.centroid);

    // agents=N: N agents of the trace, the same ids every tick until one of them is removed.
    const sampled = tickData(subs[`?agents=${SAMPLE}`]);
    const sampleIds = sampled.map((t) => t.agents.map((a: any) => a.id) as string[]);
    sampled.forEach((t, i) => {
      expect(t).toEqual({ ...aggregates(steps[i]), agents: steps[i].agents.filter((a: any) => sampleIds[i]!.includes(a.id)) });
      expect(t.agents).toHaveLength(SAMPLE);
    });
    const removed = steps[0].agents.find((a: any) => !steps[7].agents.some((b: any) => b.id === a.id)).id;
    for (let i = 1; i < sampleIds.length; i++) {
      if (sampleIds[i - 1]!.includes(removed) && i === 7) continue; // the removed agent's place is taken by the next ranked
      expect(sampleIds[i]).toEqual(sampleIds[i - 1]);
    }
    expect(sampleIds[0]).not.toEqual(steps[0].agents.slice(0, SAMPLE).map((a: any) => a.id)); // a hash sample, not the first N

    // encoding=packed, every agent and the sample: decoded, the trace's agents within half a quantum.
    const packedAll = tickData(subs['?encoding=packed']);
    decodePacked(packedAll).forEach((agents, i) => expectSameAgents(agents, steps[i].agents));
    const packedSample = tickData(subs[`?agents=${SAMPLE}&encoding=packed`]);
    decodePacked(packedSample).forEach((agents, i) => expectSameAgents(agents, sampled[i].agents));
    for (const t of packedAll) expect(Object.keys(t)).toEqual(['t', 'b', 'lastMove', 'state', 'warning', 'packed']);
    // Ids go out on key frames only: the stream's first tick and the tick the roster changed.
    expect(packedAll.map((t) => t.packed.ids !== null)).toEqual(packedAll.map((t) => t.t === 1 || t.t === 8));
    expect(packedAll[7].packed.count).toBe(steps[0].agents.length - 1);
  });

  it('followed only packed and without agents, ticks hand their agents over as columns; a JSON stream joining later gets every agent', async () => {
    const id = await createSimulation(server);
    const packed = new Subscriber(eventsUrl(server, id, '?encoding=packed'), 'key-a');
    const none = new Subscriber(eventsUrl(server, id, '?agents=none'), 'key-a');
    await Promise.all([packed.opened(), none.opened()]);
    expect(server.hub.wantsAgentsJson(id)).toBe(false);
    await step(id, 3);
    const json = new Subscriber(eventsUrl(server, id, ''), 'key-a');
    const sample = new Subscriber(eventsUrl(server, id, `?agents=${SAMPLE}`), 'key-a');
    await Promise.all([json.opened(), sample.opened()]);
    expect(server.hub.wantsAgentsJson(id)).toBe(true);
    await step(id, 2);
    const subs = [packed, none, json, sample];
    await Promise.all(subs.map((s) => s.until(() => s.ticks().at(-1) === 5)));
    subs.forEach((s) => s.close());
    const steps = await trace(id);
    decodePacked(tickData(packed)).forEach((agents, i) => expectSameAgents(agents, steps[i].agents));
    expect(tickData(none).map((t) => t.t)).toEqual([1, 2, 3, 4, 5]);
    expect(tickData(json).map((t) => t.agents)).toEqual(steps.slice(3).map((s) => s.agents));
    for (const t of tickData(sample)) expect(t.agents).toEqual(steps[t.t - 1].agents.filter((a: any) => t.agents.some((b: any) => b.id === a.id)));
    expect(tickData(sample).every((t) => t.agents.length === SAMPLE)).toBe(true);
  });

  it('every variant resumes with Last-Event-ID: same ids, same ticks, and a packed stream restarts with a key frame', async () => {
    const { id, subs, steps } = await playAll();
    for (const q of VARIANTS) {
      const live = subs[q].history();
      // Resume after the tick event of tick 4 (ids are the same in every variant).
      const at = live.findIndex((m) => m.event === 'tick' && data(m).t === 4);
      const resumed = new Subscriber(eventsUrl(server, id, q), 'key-a', { lastEventId: (live[at] as ReceivedEvent).id });
      await resumed.until(() => resumed.ticks().at(-1) === 12);
      resumed.close();
      const rest = live.slice(at + 1);
      const got = resumed.history();
      expect(
        got.map((m) => [m.event, m.id]),
        q,
      ).toEqual(rest.map((m) => [m.event, m.id]));
      if (!q.includes('packed')) {
        expect(
          got.map((m) => m.data),
          q,
        ).toEqual(rest.map((m) => m.data));
        continue;
      }
      const ticks = tickData(resumed);
      expect(ticks[0].packed.ids).not.toBeNull();
      const decoded = decodePacked(ticks);
      const liveDecoded = decodePacked(tickData(subs[q])).slice(4);
      expect(decoded).toEqual(liveDecoded);
      if (q === '?encoding=packed') decoded.forEach((agents, i) => expectSameAgents(agents, steps[i + 4].agents));
    }
  });
});
