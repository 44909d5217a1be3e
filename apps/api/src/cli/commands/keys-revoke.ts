import { parseArgs } from 'node:util';
import { CliError, usageError } from '../cli-error.js';
import type { CliIo, OpenIdentityStore } from '../cli-io.js';
import { SIM_COMMAND } from '../../lib/operator-command.js';

export const KEYS_REVOKE_HELP = `Usage: ${SIM_COMMAND} keys revoke KEY_ID

Revokes an API key (its id, as listed by keys list). A running server refuses it from the next request on.`;

export async function keysRevoke(args: string[], io: CliIo, open: OpenIdentityStore): Promise<void> {
  const { positionals } = parseArgs({ args, options: {}, strict: true, allowPositionals: true });
  const [keyId, ...extra] = positionals;
  if (!keyId || extra.length > 0) throw usageError('keys revoke takes exactly one KEY_ID');
  const { store, close } = await open(io);
  try {
    const key = await store.findApiKeyById(keyId.toLowerCase());
    if (!key) throw new CliError(`no API key with id ${keyId}`);
    if (key.revokedAt) {
      io.stdout(`API key ${key.id} (${key.prefix}…) was already revoked at ${key.revokedAt}`);
      return;
    }
    await store.revokeApiKey(key.id, new Date().toISOString());
    io.stdout(`Revoked API key ${key.id} (${key.prefix}…)`);
  } finally {
    await close();
  }
}
