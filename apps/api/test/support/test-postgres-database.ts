import { inject } from 'vitest';
import { createPostgresDatabase, type CreateDatabaseOptions, type TestPostgresDatabase } from './test-postgres-server.js';

export type { CreateDatabaseOptions, TestPostgresDatabase };

/** A fresh database on the test run's PostgreSQL (started by postgres-global-setup.ts). */
export function createTestPostgresDatabase(options: CreateDatabaseOptions = {}): Promise<TestPostgresDatabase> {
  return createPostgresDatabase(inject('postgresAdminUrl'), options);
}
