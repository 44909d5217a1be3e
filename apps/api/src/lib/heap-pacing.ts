import { setFlagsFromString } from 'node:v8';

/** The old generation may grow by this share of what the last full collection kept, then is collected again. */
export const HEAP_GROWING_PERCENT = 50;

/**
 * Paces the JavaScript heap of a server process for a bounded memory, not the least collecting
 * (docs/operations.md, "Memory"). On a machine with much memory V8 lets the old generation grow to
 * four times what survived the last full collection before it collects again; a server that
 * streams a large world keeps little (30 to 45 MB) but turns over a lot, about 8 MB a second of
 * it old (each tick's 170 KB snapshot, stored and read back as one string), so its heap reached
 * 140 MB between collections. With 50 % it stays near 90 MB, for full collections every few
 * seconds instead of every ten (their work is mostly concurrent). The factor is read at every
 * collection, so setting it once the process runs is enough; a `--heap-growing-percent` given
 * to node itself (command line or NODE_OPTIONS) is left as it is.
 */
export function paceHeapGrowth(execArgv: readonly string[] = process.execArgv, nodeOptions: string = process.env.NODE_OPTIONS ?? ''): boolean {
  if (/--heap[-_]growing[-_]percent/.test([...execArgv, nodeOptions].join(' '))) return false;
  setFlagsFromString(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`);
  return true;
}
