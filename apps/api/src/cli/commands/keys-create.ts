import { parseArgs } from 'node:util';
import { issueApiKey } from '../../identity/provisioning.js';
import { usageError } from '../cli-error.js';
import type { CliIo, OpenIdentityStore } from '../cli-io.js';
import { parseScopes } from '../parse-list.js';
import { resolveOrganization } from './resolve-organization.js';
import { SIM_COMMAND } from '../../lib/operator-command.js';

export const KEYS_CREATE_HELP = `Usage: ${SIM_COMMAND} keys create --org ORG_ID_OR_NAME --scopes s1,s2 [--name LABEL] [--json]

Creates an API key and prints it once; only its hash is stored.
Scopes: simulation:read, simulation:write, org:read, usage:read
  --json   print { "id", "key", "organizationId", "scopes" }`;

export async function keysCreate(args: string[], io: CliIo, open: OpenIdentityStore): Promise<void> {
  const { values } = parseArgs({
    args,
    options: { org: { type: 'string' }, scopes: { type: 'string' }, name: { type: 'string' }, json: { type: 'boolean', default: false } },
    strict: true,
    allowPositionals: false,
  });
  if (!values.org) throw usageError('--org is required (organization id or name)');
  const scopes = parseScopes(values.scopes);
  if (values.name !== undefined && values.name.length > 200) throw usageError('--name must be at most 200 characters');
  const { store, close } = await open(io);
  try {
    const organization = await resolveOrganization(store, values.org);
    const { key, record } = await issueApiKey(store, { organizationId: organization.id, scopes, name: values.name });
    if (values.json) {
      io.stdout(JSON.stringify({ id: record.id, key, organizationId: record.organizationId, scopes: record.scopes }));
      return;
    }
    io.stdout(
      [
        `Created API key ${record.id} for organization "${organization.name}" (${organization.id})`,
        `scopes: ${record.scopes.join(', ')}`,
        'The key is shown this once; store it now:',
        '',
        key,
      ].join('\n'),
    );
  } finally {
    await close();
  }
}
