import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createApp } from '../../src/app.js';
import { InProcessEventBus } from '../../src/simulations/event-bus.js';
import { openSqlite } from '../../src/storage/sqlite/open-sqlite.js';
import { appDeps } from '../helpers/app-deps.js';
import { createTestAuthenticator } from '../helpers/test-authenticator.js';

const dir = mkdtempSync(join(tmpdir(), 'sim-openapi-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('GET /v1/openapi.json', () => {
  it('writes the document once: later requests are answered from the text written first', async () => {
    const storage = await openSqlite(join(dir, 'test.db'));
    try {
      const app = createApp(appDeps(storage, { authenticator: createTestAuthenticator(), events: new InProcessEventBus() }));
      const first = await app.request('/v1/openapi.json');
      expect(first.status).toBe(200);
      expect(first.headers.get('content-type')).toMatch(/^application\/json/);
      const text = await first.text();
      expect((JSON.parse(text) as { openapi: string }).openapi).toBe('3.1.0');
      // Generating it again would now fail: the answer must come from what was written.
      app.getOpenAPI31Document = () => {
        throw new Error('the document was generated again');
      };
      const again = await app.request('/v1/openapi.json');
      expect(again.status).toBe(200);
      expect(await again.text()).toBe(text);
    } finally {
      await storage.close();
    }
  });
});
