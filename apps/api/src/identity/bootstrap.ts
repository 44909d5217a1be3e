import { SCOPES } from './auth-context.js';
import { OrganizationNameTakenError, type IdentityStore } from './identity-store.js';
import { issueApiKey, provisionOrganization } from './provisioning.js';
import { join } from 'node:path';
import type { DatabaseConfig } from '../lib/database-config.js';
import { SIM_COMMAND } from '../lib/operator-command.js';

export interface BootstrapOptions {
  identityStore: IdentityStore;
  /** False when SIM_BOOTSTRAP=false. */
  enabled: boolean;
  /** Where the server listens, for the curl line. */
  host: string;
  port: number;
  /** Where the banner goes; default stdout. */
  print?: (text: string) => void;
  /** The operator CLI as the banner prints it (`operatorCli`); default the bare `pnpm sim` form. */
  cli?: OperatorCli;
}

/** The CLI command the banner prints, and what it needs from its shell. */
export interface OperatorCli {
  command: string;
  /** Said after the command when the shell needs something the banner cannot print. */
  note?: string;
}

const shellQuote = (text: string): string => `'${text.replaceAll("'", "'\\''")}'`;

/**
 * The operator CLI as a line that works pasted in any directory (docs/identity.md, "First start"):
 * `pnpm sim` only runs at the repository root, so the line goes there first, and
 * names the server's SQLite file when it is not the default one (a relative DATABASE_URL would
 * be read from the new directory). A PostgreSQL URL holds a password and is never printed: the
 * note asks for the server's DATABASE_URL instead.
 */
export function operatorCli(repoRoot: string, database: DatabaseConfig): OperatorCli {
  const cd = `cd ${shellQuote(repoRoot)} && `;
  if (database.kind === 'postgres') return { command: `${cd}${SIM_COMMAND}`, note: "with the server's DATABASE_URL in the environment" };
  const own = database.path === join(repoRoot, 'data', 'sim.db') ? '' : `DATABASE_URL=${shellQuote(`file:${database.path}`)} `;
  return { command: `${cd}${own}${SIM_COMMAND}` };
}

export type BootstrapResult = { created: false; reason: 'disabled' | 'not-empty' } | { created: true; organizationId: string; keyId: string };

const DEFAULT_ORGANIZATION = 'default';

/** A host a client can reach: wildcard addresses become loopback, IPv6 gets brackets. */
function clientHost(host: string): string {
  if (host === '0.0.0.0' || host === '') return '127.0.0.1';
  if (host === '::' || host === '[::]') return '[::1]';
  return host.includes(':') && !host.startsWith('[') ? `[${host}]` : host;
}

export function bootstrapBanner(key: string, host: string, port: number, cli: OperatorCli = { command: SIM_COMMAND }): string {
  const curl = `curl -H "X-Api-Key: ${key}" http://${clientHost(host)}:${port}/v1/simulations`;
  const rule = '='.repeat(Math.max(72, curl.length));
  return [
    '',
    rule,
    '  First start: created organization "default" (tier pro) and an API key with all scopes.',
    '  This key is shown ONCE and cannot be recovered. Store it now.',
    '',
    `  API key: ${key}`,
    '',
    '  Try it:',
    `  ${curl}`,
    '',
    `  Or watch in the browser: http://${clientHost(host)}:${port}/ (sign in with the key)`,
    '',
    `  More keys: ${cli.command} keys create --org default --scopes simulation:read,simulation:write`,
    ...(cli.note === undefined ? [] : [`  (${cli.note})`]),
    rule,
    '',
  ].join('\n');
}

/**
 * On an empty database (no organization at all), creates organization `default` (tier pro) and
 * one API key with every scope, and prints it once. Call after migrations, before listening.
 * A database with any organization is never touched, so the key is never printed again.
 */
export async function bootstrapIdentity(options: BootstrapOptions): Promise<BootstrapResult> {
  const { identityStore: store, print = (text) => process.stdout.write(`${text}\n`) } = options;
  if (!options.enabled) return { created: false, reason: 'disabled' };
  if ((await store.countOrganizations()) > 0) return { created: false, reason: 'not-empty' };
  let organizationId: string;
  try {
    ({ id: organizationId } = await provisionOrganization(store, { name: DEFAULT_ORGANIZATION, tier: 'pro' }));
  } catch (error) {
    // Another process bootstrapping the same database won the race: it printed the key.
    if (error instanceof OrganizationNameTakenError) return { created: false, reason: 'not-empty' };
    throw error;
  }
  const { key, record } = await issueApiKey(store, { organizationId, scopes: SCOPES, name: 'bootstrap' });
  print(bootstrapBanner(key, options.host, options.port, options.cli));
  return { created: true, organizationId, keyId: record.id };
}
