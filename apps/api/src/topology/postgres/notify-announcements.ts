import pg from 'pg';
import { EVERYTHING, type AnnouncementTopic, type Announcements } from '../../coordination/coordination.js';
import type { Logger } from '../../lib/logger.js';

const TOPICS: readonly AnnouncementTopic[] = ['simulation', 'experiment', 'playback'];
const channelOf = (topic: AnnouncementTopic): string => `sim_${topic}`;

/**
 * Announcements over LISTEN/NOTIFY. One connection listens to every topic; NOTIFY goes through
 * the shared pool. A payload is `<process id> <key>`, so a process skips its own. When the
 * listening connection is lost, it reconnects and tells every listener EVERYTHING (what was
 * announced meanwhile is lost; listeners re-read).
 */
export class NotifyAnnouncements implements Announcements {
  private readonly listeners = new Map<AnnouncementTopic, Set<(key: string) => void>>();
  private client: pg.Client | undefined;
  private closed = false;
  private reconnectTimer: NodeJS.Timeout | undefined;

  constructor(private readonly options: { connectionString: string; pool: pg.Pool; processId: string; logger: Logger; reconnectMs?: number }) {}

  /** Connects the listening connection; resolves once it listens. */
  async start(): Promise<void> {
    const client = new pg.Client({ connectionString: this.options.connectionString });
    client.on('notification', (message) => this.receive(message.channel, message.payload ?? ''));
    client.on('error', (error) => {
      this.options.logger.warn('announcements: listening connection lost', { error: String(error) });
      this.lost(client);
    });
    client.on('end', () => this.lost(client));
    await client.connect();
    for (const topic of TOPICS) await client.query(`LISTEN ${channelOf(topic)}`);
    this.client = client;
  }

  announce(topic: AnnouncementTopic, key: string): void {
    if (this.closed) return;
    this.options.pool.query('SELECT pg_notify($1, $2)', [channelOf(topic), `${this.options.processId} ${key}`]).catch((error: unknown) => {
      this.options.logger.warn('announcements: could not announce', { topic, key, error: String(error) });
    });
  }

  listen(topic: AnnouncementTopic, listener: (key: string) => void): () => void {
    let set = this.listeners.get(topic);
    if (set === undefined) this.listeners.set(topic, (set = new Set()));
    set.add(listener);
    return () => set.delete(listener);
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.reconnectTimer);
    const client = this.client;
    this.client = undefined;
    await client?.end().catch(() => {});
  }

  private receive(channel: string, payload: string): void {
    const topic = TOPICS.find((t) => channelOf(t) === channel);
    const space = payload.indexOf(' ');
    if (topic === undefined || space < 0 || payload.slice(0, space) === this.options.processId) return;
    this.dispatch(topic, payload.slice(space + 1));
  }

  private dispatch(topic: AnnouncementTopic, key: string): void {
    for (const listener of [...(this.listeners.get(topic) ?? [])]) {
      try {
        listener(key);
      } catch (error) {
        this.options.logger.error('announcements: listener failed', { topic, error: String(error) });
      }
    }
  }

  private lost(client: pg.Client): void {
    if (this.client !== client || this.closed) return;
    this.client = undefined;
    client.end().catch(() => {});
    const retry = (): void => {
      this.reconnectTimer = undefined;
      if (this.closed) return;
      this.start().then(
        () => {
          for (const topic of TOPICS) this.dispatch(topic, EVERYTHING);
        },
        () => {
          this.reconnectTimer = setTimeout(retry, this.options.reconnectMs ?? 1_000);
          this.reconnectTimer.unref();
        },
      );
    };
    this.reconnectTimer = setTimeout(retry, this.options.reconnectMs ?? 1_000);
    this.reconnectTimer.unref();
  }
}
