// Bundles the viewer for the API to serve at / (apps/web/dist): the TypeScript app and its
// libraries in one script, uPlot's stylesheet with the viewer's own, and the page. Everything
// comes from installed packages; the page loads nothing from another host.
// `node scripts/build.mjs [OUT_DIR]`: OUT_DIR defaults to apps/web/dist (what the server serves
// unless SIM_WEB_DIR names another); tests build into a temporary folder.
import { build } from 'esbuild';
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const out = process.argv[2] === undefined ? join(root, 'dist') : resolve(process.argv[2]);
const assets = join(out, 'assets');
mkdirSync(assets, { recursive: true });

await build({
  entryPoints: [join(root, 'src/main.ts')],
  outfile: join(assets, 'viewer.js'),
  bundle: true,
  format: 'esm',
  platform: 'browser',
  // @sim/client from its TypeScript sources (docs/packaging.md, "Sources in the workspace, dist/ outside").
  conditions: ['@sim/source'],
  target: 'es2022',
  minify: true,
  sourcemap: true,
  legalComments: 'linked',
  logLevel: 'warning',
});

const require = createRequire(import.meta.url);
const uplotCss = readFileSync(require.resolve('uplot/dist/uPlot.min.css'), 'utf8');
writeFileSync(join(assets, 'viewer.css'), `${uplotCss}\n${readFileSync(join(root, 'src/styles.css'), 'utf8')}`);
copyFileSync(join(root, 'src/index.html'), join(out, 'index.html'));
console.log(`viewer built in ${out}`);
