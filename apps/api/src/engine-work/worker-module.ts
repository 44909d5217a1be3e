import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';

/** What a worker thread is started with: its file, and the flags that let it load TypeScript sources. */
export interface WorkerModule {
  filename: string;
  execArgv: string[];
}

/**
 * The module of the worker `name` beside the module at `startedFrom` (its `import.meta.url`).
 * Bundled (`pnpm start`), the starting code is part of a bundle in dist/ and the worker is
 * dist/`name`.js beside it; from the TypeScript sources (dev, tests) it is `name`.ts beside the
 * starting file, loaded through tsx's loader, with @sim/* resolved to their sources as in the
 * process that starts it. Pure (node's modules only): the engine's worker side may import it.
 *
 * @example
 * new Piscina({ ...workerModule(import.meta.url, 'engine-worker') });
 */
export function workerModule(startedFrom: string, name: string): WorkerModule {
  const fromSources = startedFrom.endsWith('.ts');
  const filename = fileURLToPath(new URL(`./${name}${fromSources ? '.ts' : '.js'}`, startedFrom));
  if (!fromSources) return { filename, execArgv: [] };
  const tsx = pathToFileURL(createRequire(startedFrom).resolve('tsx')).href;
  return { filename, execArgv: ['--conditions=@sim/source', '--import', tsx] };
}
