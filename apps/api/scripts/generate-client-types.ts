// Writes packages/client/src/generated/openapi.ts from the document the real server serves:
// `npx -y pnpm@10.34.9 client:generate` at the repository root. The server is started on a
// temporary database and a free port, asked for /v1/openapi.json, and stopped.
import { openapiToTypes } from '@sim/client/generate';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT, startServerProcess, tempDir } from '../test/support/server-process.js';

export const CLIENT_TYPES_FILE = join(REPO_ROOT, 'packages/client/src/generated/openapi.ts');

const dir = tempDir('sim-client-types-');
const server = await startServerProcess({ databasePath: join(dir.path, 'sim.db'), env: { SIM_BOOTSTRAP: 'false' } });
try {
  const document: unknown = await (await fetch(`${server.baseUrl}/v1/openapi.json`)).json();
  writeFileSync(CLIENT_TYPES_FILE, await openapiToTypes(document));
  console.log(`wrote ${CLIENT_TYPES_FILE}`);
} finally {
  await server.stop();
  dir.remove();
}
