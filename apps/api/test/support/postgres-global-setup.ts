import type { TestProject } from 'vitest/node';
import { startTestPostgresServer } from './test-postgres-server.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The run's PostgreSQL superuser URL; tests get a database of their own with createTestPostgresDatabase(). */
    postgresAdminUrl: string;
  }
}

/**
 * vitest globalSetup of the api project: one PostgreSQL server for the whole run, stopped and
 * removed at teardown, which vitest runs whether or not the tests passed.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const server = await startTestPostgresServer();
  project.provide('postgresAdminUrl', server.adminUrl);
  return () => server.stop();
}
