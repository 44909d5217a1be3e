import { openapiToTypes } from '@sim/client/generate';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT, startServerProcess, tempDir, type ServerProcess } from '../support/server-process.js';

const GENERATED = join(REPO_ROOT, 'packages/client/src/generated/openapi.ts');
const METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const;

let server: ServerProcess;
let document: { paths: Record<string, Record<string, unknown>> };
const dir = tempDir('sim-client-types-');

beforeAll(async () => {
  server = await startServerProcess({ databasePath: join(dir.path, 'sim.db'), env: { SIM_BOOTSTRAP: 'false' } });
  document = (await (await fetch(`${server.baseUrl}/v1/openapi.json`)).json()) as typeof document;
}, 60_000);

afterAll(async () => {
  await server?.stop();
  dir.remove();
});

/** The text of one path's block in the generated `paths` interface. */
function pathBlock(source: string, path: string): string {
  const start = source.indexOf(`\n    "${path}": {\n`);
  if (start < 0) return '';
  const end = source.indexOf('\n    };\n', start);
  return source.slice(start, end);
}

describe('@sim/client generated types', () => {
  it('are what openapi-typescript makes of the served document (regenerate: npx -y pnpm@10.34.9 client:generate)', async () => {
    const fresh = await openapiToTypes(document);
    const checkedIn = readFileSync(GENERATED, 'utf8');
    expect(checkedIn === fresh, 'packages/client/src/generated/openapi.ts drifted from /v1/openapi.json: run `npx -y pnpm@10.34.9 client:generate`').toBe(true);
  });

  it('type every operation of the document, and nothing the document lacks', () => {
    const source = readFileSync(GENERATED, 'utf8');
    const served = Object.entries(document.paths).flatMap(([path, item]) => METHODS.filter((m) => m in item).map((m) => `${m.toUpperCase()} ${path}`));
    expect(served.length).toBeGreaterThan(20);
    const typed = Object.keys(document.paths).flatMap((path) => {
      const block = pathBlock(source, path);
      // openapi-typescript writes `get?: never` for a method the path lacks, `get: {` or `get: operations[…]` for one it has.
      return METHODS.filter((m) => new RegExp(`\\n        ${m}: `).test(block)).map((m) => `${m.toUpperCase()} ${path}`);
    });
    expect(typed.sort()).toEqual(served.sort());
  });
});
