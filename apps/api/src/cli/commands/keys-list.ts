import { parseArgs } from 'node:util';
import type { ApiKeyRecord } from '../../identity/identity-store.js';
import type { CliIo, OpenIdentityStore } from '../cli-io.js';
import { resolveOrganization } from './resolve-organization.js';
import { SIM_COMMAND } from '../../lib/operator-command.js';

export const KEYS_LIST_HELP = `Usage: ${SIM_COMMAND} keys list [--org ORG_ID_OR_NAME] [--json]

Lists API keys (all organizations unless --org). Keys themselves are never shown, only their prefix.
  --json   print an array of { id, prefix, name, organizationId, scopes, createdAt, lastUsedAt, revokedAt }`;

function table(keys: ApiKeyRecord[]): string {
  const header = ['ID', 'PREFIX', 'NAME', 'ORGANIZATION', 'SCOPES', 'CREATED', 'LAST USED', 'STATUS'];
  const rows = keys.map((k) => [
    k.id,
    k.prefix,
    k.name || '-',
    k.organizationId,
    k.scopes.join(','),
    k.createdAt,
    k.lastUsedAt ?? 'never',
    k.revokedAt ? `revoked ${k.revokedAt}` : 'active',
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  return [header, ...rows]
    .map((r) =>
      r
        .map((cell, i) => cell.padEnd(widths[i] ?? 0))
        .join('  ')
        .trimEnd(),
    )
    .join('\n');
}

export async function keysList(args: string[], io: CliIo, open: OpenIdentityStore): Promise<void> {
  const { values } = parseArgs({
    args,
    options: { org: { type: 'string' }, json: { type: 'boolean', default: false } },
    strict: true,
    allowPositionals: false,
  });
  const { store, close } = await open(io);
  try {
    const organizationId = values.org === undefined ? undefined : (await resolveOrganization(store, values.org)).id;
    const keys = await store.listApiKeys(organizationId);
    if (values.json) {
      io.stdout(
        JSON.stringify(
          keys.map(({ id, prefix, name, organizationId: org, scopes, createdAt, lastUsedAt, revokedAt }) => ({
            id,
            prefix,
            name,
            organizationId: org,
            scopes,
            createdAt,
            lastUsedAt,
            revokedAt,
          })),
        ),
      );
    } else {
      io.stdout(keys.length === 0 ? 'No API keys.' : table(keys));
    }
  } finally {
    await close();
  }
}
