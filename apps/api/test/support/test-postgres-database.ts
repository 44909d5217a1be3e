import { inject } from 'vitest';
import { createPostgresDatabase, type TestPostgresDatabase } from './test-postgres-server.js';

export type { TestPostgresDatabase };

/** A fresh database on the test run's PostgreSQL (started by postgres-global-setup.ts). */
export function createTestPostgresDatabase(): Promise<TestPostgresDatabase> {
  return createPostgresDatabase(inject('postgresAdminUrl'));
}
