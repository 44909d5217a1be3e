import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSimulation } from '../helpers/create-simulation.js';
import { eventsUrl, startLiveServer, Subscriber, type LiveServer, type ReceivedEvent } from '../live/support/live-server.js';
import { recordingBudget, recordingRunner, startTick } from './support.js';

const engine = recordingRunner();
const work = recordingBudget();
let server: LiveServer;
beforeAll(async () => {
  server = await startLiveServer({ deps: { engine, work, checkpointInterval: 10 } });
});
afterAll(async () => {
  await server.close();
});

const step = (id: string, ticks: number) => server.call(`/v1/simulations/${id}/step`, { key: 'key-a', body: { ticks } });
const shock = (id: string) =>
  server.call(`/v1/simulations/${id}/decrees`, { key: 'key-a', body: { type: 'shock', payload: { x: 4, y: 4, radius: 3, magnitude: 0.4 } } });
const strip = (events: ReceivedEvent[]) => events.map((m) => ({ event: m.event, id: m.id, data: m.data }));

describe('a reconnect at a late Last-Event-ID', () => {
  it('delivers exactly the events after it, replayed from the checkpoint before them and charged from there', async () => {
    const id = await createSimulation(server);
    const reference = new Subscriber(eventsUrl(server, id), 'key-a');
    await reference.opened();
    for (const ticks of [9, 14, 6]) {
      await step(id, ticks);
      await shock(id);
    }
    await step(id, 12);
    await shock(id);
    await step(id, 4);
    await reference.until(() => reference.ticks().at(-1) === 45);
    const history = reference.history();
    // The last message of tick 37: everything after it (ticks 38 to 45, their decrees and prophecies) is missed.
    const at = history.findLastIndex((m) => m.event === 'tick' && (JSON.parse(m.data) as { t: number }).t === 37);
    const lastId = (history[at] as ReceivedEvent).id;

    engine.replays.length = 0;
    work.admitted.length = 0;
    const late = new Subscriber(eventsUrl(server, id), 'key-a', { lastEventId: lastId });
    await late.opened();
    await step(id, 2);
    await reference.until(() => reference.ticks().at(-1) === 47);
    await late.until(() => late.ticks().at(-1) === 47);
    reference.close();
    late.close();

    expect(strip(late.history())).toEqual(strip(reference.history().slice(at + 1)));
    expect(late.history().some((m) => m.event === 'decree')).toBe(true);
    // Ticks 31 to 37 are recomputed without frames; ticks up to 30 are not computed at all.
    expect(startTick(engine.replays[0])).toBe(30);
    expect(work.admitted.filter((a) => a.history).map((a) => a.estimate.ticks)).toEqual([15]);
  });
});
