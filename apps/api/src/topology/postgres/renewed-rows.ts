import { inBackground } from '../../lib/in-background.js';
import type { Logger } from '../../lib/logger.js';

/**
 * The rows this process holds in a table where a row expires unless its holder renews it
 * (playback leases, stream slots): `renewAll` renews every held row in one statement every
 * `everyMs`. A renewal that fails is logged as `failure` and tried again at the next turn; past
 * a row's life another process may take it, as it would from a holder that died.
 */
export class RenewedRows {
  /** The ids of the rows held; the owner adds and removes them. */
  readonly held = new Set<string>();
  private readonly timer: NodeJS.Timeout;

  constructor(everyMs: number, renewAll: (ids: string[]) => Promise<void>, logger: Logger, failure: string) {
    const renew = async (): Promise<void> => {
      if (this.held.size === 0) return;
      try {
        await renewAll([...this.held]);
      } catch (error) {
        logger.warn(failure, { error: String(error) });
      }
    };
    this.timer = setInterval(() => inBackground(renew(), logger, failure), everyMs);
    this.timer.unref();
  }

  /** Stops renewing: the rows still held expire, unless their owner gave them up. */
  stop(): void {
    clearInterval(this.timer);
  }
}
