import type { IdentityStore, Organization } from '../../identity/identity-store.js';
import { CliError } from '../cli-error.js';
import { SIM_COMMAND } from '../../lib/operator-command.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** `--org` takes an id or a name; an id wins when a name happens to look like one. */
export async function resolveOrganization(store: IdentityStore, idOrName: string): Promise<Organization> {
  const byId = UUID.test(idOrName) ? await store.findOrganizationById(idOrName.toLowerCase()) : undefined;
  const organization = byId ?? (await store.findOrganizationByName(idOrName));
  if (!organization) throw new CliError(`no organization with id or name "${idOrName}" (create one with: ${SIM_COMMAND} orgs create --name NAME)`);
  return organization;
}
