import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The monorepo root (the directory holding pnpm-workspace.yaml), found from this file rather
 * than the working directory, because `pnpm --filter` runs the CLI inside apps/api.
 */
export function findRepoRoot(from: string = dirname(fileURLToPath(import.meta.url))): string {
  for (let dir = from; ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'pnpm-workspace.yaml'))) return dir;
    if (dirname(dir) === dir) throw new Error(`cannot find the repository root (pnpm-workspace.yaml) above ${from}`);
  }
}
