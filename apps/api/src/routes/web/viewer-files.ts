import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** One built file of the viewer, held in memory (the bundle is about 100 KB). */
export interface ViewerFile {
  body: Uint8Array;
  contentType: string;
  etag: string;
}

/** The built viewer: its page and its assets by file name. */
export interface ViewerFiles {
  page: ViewerFile;
  assets: ReadonlyMap<string, ViewerFile>;
}

const ASSETS: ReadonlyArray<readonly [name: string, contentType: string]> = [
  ['viewer.js', 'text/javascript; charset=utf-8'],
  ['viewer.css', 'text/css; charset=utf-8'],
  ['viewer.js.map', 'application/json; charset=utf-8'],
];

/**
 * Reads the viewer that `@sim/web`'s build wrote (apps/web/dist), or undefined when it has not
 * been built: the server then answers / with a 404 that says how to build it.
 */
export function loadViewerFiles(dir: string): ViewerFiles | undefined {
  const pagePath = join(dir, 'index.html');
  if (!existsSync(pagePath)) return undefined;
  const read = (path: string, contentType: string): ViewerFile => {
    const body = readFileSync(path);
    return { body, contentType, etag: `"${body.length.toString(36)}-${hash(body)}"` };
  };
  const assets = new Map<string, ViewerFile>();
  for (const [name, contentType] of ASSETS) {
    const path = join(dir, 'assets', name);
    if (existsSync(path)) assets.set(name, read(path, contentType));
  }
  return { page: read(pagePath, 'text/html; charset=utf-8'), assets };
}

/** A short content hash for the ETag (FNV-1a): a rebuilt viewer gets a new one. */
function hash(bytes: Uint8Array): string {
  let h = 0x811c9dc5;
  for (const byte of bytes) h = Math.imul(h ^ byte, 0x01000193) >>> 0;
  return h.toString(36);
}
