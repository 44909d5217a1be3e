import { parseArgs } from 'node:util';
import { SignJWT } from 'jose';
import { CliError, usageError } from '../cli-error.js';
import type { CliIo } from '../cli-io.js';
import { parseList, parseScopes } from '../parse-list.js';
import { SIM_COMMAND } from '../../lib/operator-command.js';
import { isUuidForm } from '../../lib/uuid-form.js';

export const JWT_SIGN_HELP = `Usage: ${SIM_COMMAND} jwt sign --sub USER --orgs ORG_ID[,ORG_ID] --scopes s1,s2 [--ttl 1h]

Development helper: prints an HS256 JWT signed with SIM_JWT_SECRET (also SIM_JWT_ISSUER and
SIM_JWT_AUDIENCE when set). The first organization is the default one.
  --ttl   lifetime: a number followed by s, m, h or d (default 1h)`;

const TTL = /^[1-9]\d*[smhd]$/;

export async function jwtSign(args: string[], io: CliIo): Promise<void> {
  const { values } = parseArgs({
    args,
    options: { sub: { type: 'string' }, orgs: { type: 'string' }, scopes: { type: 'string' }, ttl: { type: 'string', default: '1h' } },
    strict: true,
    allowPositionals: false,
  });
  if (!values.sub) throw usageError('--sub is required');
  if (!values.orgs) throw usageError('--orgs is required (comma-separated organization ids)');
  const orgs = parseList(values.orgs).map((o) => o.toLowerCase());
  const notIds = orgs.filter((o) => !isUuidForm(o));
  if (orgs.length === 0 || notIds.length > 0) throw usageError(`--orgs takes organization UUIDs; not a UUID: ${notIds.join(', ') || '(empty)'}`);
  const scopes = parseScopes(values.scopes);
  if (!TTL.test(values.ttl)) throw usageError('--ttl must be a number followed by s, m, h or d, such as 15m or 1h');
  const secret = io.env.SIM_JWT_SECRET;
  if (!secret) throw new CliError('SIM_JWT_SECRET is not set; the server verifies HS256 tokens with it, so set the same value here');
  if (secret.length < 32) throw new CliError('SIM_JWT_SECRET must be at least 32 characters');
  let jwt = new SignJWT({ scope: scopes.join(' '), orgs })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(values.sub)
    .setIssuedAt()
    .setExpirationTime(values.ttl);
  if (io.env.SIM_JWT_ISSUER) jwt = jwt.setIssuer(io.env.SIM_JWT_ISSUER);
  if (io.env.SIM_JWT_AUDIENCE) jwt = jwt.setAudience(io.env.SIM_JWT_AUDIENCE);
  io.stdout(await jwt.sign(new TextEncoder().encode(secret)));
}
