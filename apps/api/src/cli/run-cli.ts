import { CliError, EXIT_FAILURE, EXIT_OK, EXIT_USAGE } from './cli-error.js';
import type { CliIo, OpenIdentityStore } from './cli-io.js';
import { JWT_SIGN_HELP, jwtSign } from './commands/jwt-sign.js';
import { KEYS_CREATE_HELP, keysCreate } from './commands/keys-create.js';
import { KEYS_LIST_HELP, keysList } from './commands/keys-list.js';
import { KEYS_REVOKE_HELP, keysRevoke } from './commands/keys-revoke.js';
import { ORGS_CREATE_HELP, orgsCreate } from './commands/orgs-create.js';
import { SCENARIOS_VALIDATE_HELP, scenariosValidate } from './commands/scenarios-validate.js';

interface Command {
  help: string;
  run: (args: string[], io: CliIo, open: OpenIdentityStore) => Promise<void>;
}

const COMMANDS: Record<string, Command> = {
  'orgs create': { help: ORGS_CREATE_HELP, run: orgsCreate },
  'keys create': { help: KEYS_CREATE_HELP, run: keysCreate },
  'keys list': { help: KEYS_LIST_HELP, run: keysList },
  'keys revoke': { help: KEYS_REVOKE_HELP, run: keysRevoke },
  'jwt sign': { help: JWT_SIGN_HELP, run: (args, io) => jwtSign(args, io) },
  'scenarios validate': { help: SCENARIOS_VALIDATE_HELP, run: (args, io) => scenariosValidate(args, io) },
};

export const MAIN_HELP = `Usage: pnpm sim <command> [options]

Operator commands for the simulation service. They use the same DATABASE_URL as the server
(unset: the SQLite file data/sim.db under the repository root).

Commands:
  orgs create --name NAME [--tier free|pro|enterprise] [--json]
  keys create --org ORG_ID_OR_NAME --scopes s1,s2 [--name LABEL] [--json]
  keys list [--org ORG_ID_OR_NAME] [--json]
  keys revoke KEY_ID
  jwt sign --sub USER --orgs ORG_ID[,ORG_ID] --scopes s1,s2 [--ttl 1h]
  scenarios validate [FILE…]

Run "pnpm sim <command> --help" for the options of one command.
Exit codes: 0 success, 1 the command failed, 2 wrong usage.`;

/** Runs one CLI invocation and returns its exit code; never throws. */
export async function runCli(argv: readonly string[], io: CliIo, open: OpenIdentityStore): Promise<number> {
  const [group, action, ...rest] = argv;
  if (group === undefined || group === '--help' || group === '-h' || group === 'help') {
    io.stdout(MAIN_HELP);
    return group === undefined ? EXIT_USAGE : EXIT_OK;
  }
  const command = COMMANDS[`${group} ${action ?? ''}`];
  if (!command) {
    const known = Object.keys(COMMANDS).filter((name) => name.startsWith(`${group} `));
    const hint = known.length > 0 ? `; did you mean: ${known.map((k) => `pnpm sim ${k}`).join(', ')}` : '; see pnpm sim --help';
    io.stderr(`error: unknown command "${[group, action].filter(Boolean).join(' ')}"${hint}`);
    return EXIT_USAGE;
  }
  if (rest.includes('--help') || rest.includes('-h')) {
    io.stdout(command.help);
    return EXIT_OK;
  }
  try {
    await command.run(rest, io, open);
    return EXIT_OK;
  } catch (error) {
    if (error instanceof CliError) {
      io.stderr(`error: ${error.message}`);
      if (error.exitCode === EXIT_USAGE) io.stderr(`\n${command.help}`);
      return error.exitCode;
    }
    // parseArgs reports unknown or malformed options with these codes.
    const code = (error as { code?: unknown }).code;
    if (typeof code === 'string' && code.startsWith('ERR_PARSE_ARGS')) {
      io.stderr(`error: ${(error as Error).message}\n\n${command.help}`);
      return EXIT_USAGE;
    }
    io.stderr(`error: ${error instanceof Error ? error.message : String(error)}`);
    return EXIT_FAILURE;
  }
}
