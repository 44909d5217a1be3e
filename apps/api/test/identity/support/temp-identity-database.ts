import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Kysely } from 'kysely';
import type { Database } from '../../../src/storage/database-schema.js';
import { openStorage } from '../../../src/storage/open-storage.js';

/**
 * A fresh database opened as the server opens it, for tests of identity's use cases (the
 * authenticator, bootstrap, routes); removed by `destroy`. What the identity store itself
 * promises is tested on every database by test/storage/contract.
 */
export async function tempIdentityDatabase(): Promise<{ db: Kysely<Database>; destroy: () => Promise<void> }> {
  const dir = mkdtempSync(join(tmpdir(), 'sim-identity-'));
  const storage = await openStorage({ kind: 'sqlite', path: join(dir, 'test.db') });
  return {
    db: storage.db,
    destroy: async () => {
      await storage.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
