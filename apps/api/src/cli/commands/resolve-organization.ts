import type { IdentityStore, Organization } from '../../identity/identity-store.js';
import { CliError } from '../cli-error.js';
import { SIM_COMMAND } from '../../lib/operator-command.js';
import { isUuidForm } from '../../lib/uuid-form.js';

/** `--org` takes an id or a name; an id wins when a name happens to look like one. */
export async function resolveOrganization(store: IdentityStore, idOrName: string): Promise<Organization> {
  const byId = isUuidForm(idOrName) ? await store.findOrganizationById(idOrName.toLowerCase()) : undefined;
  const organization = byId ?? (await store.findOrganizationByName(idOrName));
  if (!organization) throw new CliError(`no organization with id or name "${idOrName}" (create one with: ${SIM_COMMAND} orgs create --name NAME)`);
  return organization;
}
