import { createRequire } from 'node:module';
import { readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';

/** The renderer's browser bundle, shipped inside the installed `@scalar/api-reference` package. */
export interface DocsBundle {
  /** Absolute path of `standalone.js` on disk. */
  path: string;
  /** Version of the package, used in the asset URL so a long cache can never serve a stale copy. */
  version: string;
  /** Size in bytes, sent as Content-Length. */
  size: number;
}

/**
 * Finds the standalone bundle in node_modules once, at start. The package's `exports` map does
 * not list `dist/browser/standalone.js`, so it is located from the resolved main entry instead
 * (`dist/index.js` → `dist/browser/standalone.js`). Failing here, at start, beats serving a docs
 * page whose script 404s.
 */
export function locateDocsBundle(): DocsBundle {
  const require = createRequire(import.meta.url);
  const main = require.resolve('@scalar/api-reference');
  const path = join(dirname(main), 'browser', 'standalone.js');
  const packageJson = JSON.parse(readFileSync(join(dirname(main), '..', 'package.json'), 'utf8')) as { version: string };
  return { path, version: packageJson.version, size: statSync(path).size };
}
