// Bundles the server (src/main.ts) into dist/main.js for `pnpm start`, the engine's worker
// thread (src/engine-work/engine-worker.ts) into dist/engine-worker.js beside it, where the
// worker pool looks for it, and the prophecy helper thread that an engine worker starts
// (src/engine-work/prophecy-threads/branch-helper.ts) into dist/branch-helper.js, and the thread
// that reads long JSON bodies and experiment results (src/routes/request-thread/request-thread-worker.ts)
// into dist/request-thread-worker.js, likewise:
// a file run by plain node starts faster and holds far less memory than transpiling every
// module with tsx at load.
// `pnpm dev` and the tests keep running the TypeScript sources through tsx.
import { build } from 'esbuild';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const appDir = join(dirname(fileURLToPath(import.meta.url)), '..');

await build({
  absWorkingDir: appDir,
  entryPoints: {
    main: 'src/main.ts',
    'engine-worker': 'src/engine-work/engine-worker.ts',
    'branch-helper': 'src/engine-work/prophecy-threads/branch-helper.ts',
    'request-thread-worker': 'src/routes/request-thread/request-thread-worker.ts',
  },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  // @sim/* packages from their TypeScript sources, as in development: no package build first
  // (docs/packaging.md, "Sources in the workspace, dist/ outside").
  conditions: ['@sim/source'],
  target: 'node20',
  // Stack traces point into src/ with `node --enable-source-maps`. Without the sources' text
  // the map is a third of the size, and node holds about 10 MB less once it has parsed it.
  sourcemap: true,
  sourcesContent: false,
  // Left to node_modules at run time:
  // - better-sqlite3 loads its compiled .node addon through `bindings`, which searches the
  //   package's own folder;
  // - pg optionally requires the native pg-native (not used yet; kept out so it never bundles);
  // - @scalar/api-reference is never imported, only located with require.resolve so its
  //   browser bundle can be served from disk (routes/docs/docs-bundle.ts);
  // - piscina starts its worker threads from its own files (dist/worker.js, found through
  //   __dirname), which a bundle does not have;
  // - pino (and pino-pretty) can start transports on worker threads from their own files too
  //   (thread-stream); the server uses none, but keeps them as pino ships them.
  external: ['better-sqlite3', 'pg', 'pg-native', '@scalar/api-reference', 'piscina', 'pino', 'pino-pretty'],
  // Bundled CommonJS dependencies call `require` (for node builtins among others), which an
  // ES module does not have; give the bundle one rooted at its own location.
  banner: {
    js: "import { createRequire as __simCreateRequire } from 'node:module';\nconst require = __simCreateRequire(import.meta.url);",
  },
  logLevel: 'warning',
});
