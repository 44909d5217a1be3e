import { describe, expect, it } from 'vitest';
import { inBackground } from '../../src/lib/in-background.js';
import type { Logger } from '../../src/lib/logger.js';

function recordingLogger(): { logger: Logger; errors: Array<{ message: string; fields: Record<string, unknown> | undefined }> } {
  const errors: Array<{ message: string; fields: Record<string, unknown> | undefined }> = [];
  return { logger: { info: () => {}, warn: () => {}, error: (message, fields) => errors.push({ message, fields }) }, errors };
}

const settle = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

describe('inBackground', () => {
  it('logs a rejection with what failed, its fields and the error, and leaves it handled', async () => {
    const { logger, errors } = recordingLogger();
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown): void => void unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    try {
      inBackground(Promise.reject(new Error('disk full')), logger, 'sweep failed', { experimentId: 'e1' });
      await settle();
      await settle();
    } finally {
      process.off('unhandledRejection', onUnhandled);
    }
    expect(errors).toEqual([{ message: 'sweep failed', fields: { experimentId: 'e1', error: 'Error: disk full' } }]);
    expect(unhandled).toEqual([]);
  });

  it('logs nothing when the work succeeds', async () => {
    const { logger, errors } = recordingLogger();
    inBackground(Promise.resolve(42), logger, 'never said');
    await settle();
    expect(errors).toEqual([]);
  });
});
