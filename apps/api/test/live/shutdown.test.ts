import { rmSync } from 'node:fs';
import { dirname } from 'node:path';
import { describe, expect, it } from 'vitest';
import { eventsUrl, startLiveServer, Subscriber, type ReceivedEvent } from './support/live-server.js';

const data = (m: ReceivedEvent): any => JSON.parse(m.data);

describe('server shutdown while playing', () => {
  it('pauses the simulation with a simulation:status event, and after a restart it is paused and resumes from there', async () => {
    const first = await startLiveServer();
    const { id } = (await (await first.call('/v1/simulations', { key: 'key-a', body: { scenarioId: 'tiny-valley' } })).json()) as { id: string };
    const sub = new Subscriber(eventsUrl(first, id), 'key-a');
    await sub.opened();
    await first.call(`/v1/simulations/${id}/time-control`, { method: 'PUT', key: 'key-a', body: { action: 'play', speed: 10 } });
    await sub.until(() => sub.ticks().length >= 5);

    await first.shutdown();
    // The live subscriber saw the pause before its stream ended.
    await sub.until(() => sub.history().some((m) => m.event === 'simulation:status' && data(m).status === 'paused'));
    sub.close();
    const stoppedAt = sub.ticks().at(-1) as number;
    const pause = sub.history().at(-1) as ReceivedEvent;
    expect(data(pause)).toEqual({ status: 'paused', previous: 'playing', tick: stoppedAt, reason: 'shutdown' });

    const second = await startLiveServer({ dbFile: first.dbFile });
    try {
      const view = (await (await second.call(`/v1/simulations/${id}`, { key: 'key-a' })).json()) as any;
      expect(view.state).toMatchObject({ status: 'paused', tick: stoppedAt });
      // A client resuming from before the shutdown learns of it from the stored event.
      const before = sub.history().at(-2) as ReceivedEvent;
      const resumed = new Subscriber(eventsUrl(second, id), 'key-a', { lastEventId: before.id });
      await resumed.until(() => resumed.history().length >= 1);
      expect(resumed.history()[0]).toEqual(pause);
      // Playing again continues at the next tick.
      await second.call(`/v1/simulations/${id}/time-control`, { method: 'PUT', key: 'key-a', body: { action: 'play', speed: 10 } });
      await resumed.until(() => resumed.ticks().length >= 3);
      await second.call(`/v1/simulations/${id}/time-control`, { method: 'PUT', key: 'key-a', body: { action: 'pause' } });
      resumed.close();
      expect(resumed.ticks().slice(0, 3)).toEqual([stoppedAt + 1, stoppedAt + 2, stoppedAt + 3]);
    } finally {
      await second.shutdown();
      rmSync(dirname(first.dbFile), { recursive: true, force: true });
    }
  });
});
