import { SCOPES, type Scope } from '../identity/auth-context.js';
import { usageError } from './cli-error.js';

const KNOWN: ReadonlySet<string> = new Set(SCOPES);

/** `a,b , c` → `['a', 'b', 'c']`, empty items dropped. */
export function parseList(value: string): string[] {
  return value
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '');
}

/** Scopes from `--scopes`: at least one, each one of the four. */
export function parseScopes(value: string | undefined): Scope[] {
  if (value === undefined) throw usageError(`--scopes is required (comma-separated: ${SCOPES.join(', ')})`);
  const scopes = parseList(value);
  if (scopes.length === 0) throw usageError('--scopes needs at least one scope');
  const unknown = scopes.filter((s) => !KNOWN.has(s));
  if (unknown.length > 0) throw usageError(`unknown scope ${unknown.join(', ')}; valid scopes: ${SCOPES.join(', ')}`);
  return [...new Set(scopes as Scope[])];
}
