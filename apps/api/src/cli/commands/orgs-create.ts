import { parseArgs } from 'node:util';
import { TIERS, type Tier } from '../../identity/auth-context.js';
import { OrganizationNameTakenError } from '../../identity/identity-store.js';
import { provisionOrganization } from '../../identity/provisioning.js';
import { CliError, usageError } from '../cli-error.js';
import type { CliIo, OpenIdentityStore } from '../cli-io.js';
import { SIM_COMMAND } from '../../lib/operator-command.js';

export const ORGS_CREATE_HELP = `Usage: ${SIM_COMMAND} orgs create --name NAME [--tier free|pro|enterprise] [--json]

Creates an organization (default tier: free).
  --json   print { "id", "name", "tier" }`;

export async function orgsCreate(args: string[], io: CliIo, open: OpenIdentityStore): Promise<void> {
  const { values } = parseArgs({
    args,
    options: { name: { type: 'string' }, tier: { type: 'string', default: 'free' }, json: { type: 'boolean', default: false } },
    strict: true,
    allowPositionals: false,
  });
  const name = values.name?.trim();
  if (!name) throw usageError('--name is required');
  if (name.length > 200) throw usageError('--name must be at most 200 characters');
  if (!(TIERS as readonly string[]).includes(values.tier)) throw usageError(`--tier must be one of ${TIERS.join(', ')}`);
  const { store, close } = await open(io);
  try {
    const organization = await provisionOrganization(store, { name, tier: values.tier as Tier });
    if (values.json) io.stdout(JSON.stringify({ id: organization.id, name: organization.name, tier: organization.tier }));
    else io.stdout(`Created organization "${organization.name}" (tier ${organization.tier})\nid: ${organization.id}`);
  } catch (error) {
    if (error instanceof OrganizationNameTakenError) throw new CliError(error.message);
    throw error;
  } finally {
    await close();
  }
}
