import { CliError, EXIT_FAILURE, EXIT_OK, EXIT_USAGE } from './cli-error.js';
import type { CliIo, OpenIdentityStore } from './cli-io.js';
import { SIM_COMMAND } from '../lib/operator-command.js';

interface Command {
  help: string;
  run: (args: string[], io: CliIo, open: OpenIdentityStore) => Promise<void>;
}

// Loaded on demand: `--help` and `jwt sign` should not pay for the database driver and the engine.
const COMMANDS: Record<string, () => Promise<Command>> = {
  'orgs create': async () => {
    const m = await import('./commands/orgs-create.js');
    return { help: m.ORGS_CREATE_HELP, run: m.orgsCreate };
  },
  'keys create': async () => {
    const m = await import('./commands/keys-create.js');
    return { help: m.KEYS_CREATE_HELP, run: m.keysCreate };
  },
  'keys list': async () => {
    const m = await import('./commands/keys-list.js');
    return { help: m.KEYS_LIST_HELP, run: m.keysList };
  },
  'keys revoke': async () => {
    const m = await import('./commands/keys-revoke.js');
    return { help: m.KEYS_REVOKE_HELP, run: m.keysRevoke };
  },
  'jwt sign': async () => {
    const m = await import('./commands/jwt-sign.js');
    return { help: m.JWT_SIGN_HELP, run: (args, io) => m.jwtSign(args, io) };
  },
  'scenarios validate': async () => {
    const m = await import('./commands/scenarios-validate.js');
    return { help: m.SCENARIOS_VALIDATE_HELP, run: (args, io) => m.scenariosValidate(args, io) };
  },
};

export const MAIN_HELP = `Usage: ${SIM_COMMAND} <command> [options]

Operator commands for the simulation service. They use the same DATABASE_URL as the server
(unset: the SQLite file data/sim.db under the repository root).

Commands:
  orgs create --name NAME [--tier free|pro|enterprise] [--json]
  keys create --org ORG_ID_OR_NAME --scopes s1,s2 [--name LABEL] [--json]
  keys list [--org ORG_ID_OR_NAME] [--json]
  keys revoke KEY_ID
  jwt sign --sub USER --orgs ORG_ID[,ORG_ID] --scopes s1,s2 [--ttl 1h]
  scenarios validate [FILE…]

Run "${SIM_COMMAND} <command> --help" for the options of one command.
Exit codes: 0 success, 1 the command failed, 2 wrong usage.`;

/** Runs one CLI invocation and returns its exit code; never throws. */
export async function runCli(argv: readonly string[], io: CliIo, open: OpenIdentityStore): Promise<number> {
  const [group, action, ...rest] = argv;
  if (group === undefined || group === '--help' || group === '-h' || group === 'help') {
    io.stdout(MAIN_HELP);
    return group === undefined ? EXIT_USAGE : EXIT_OK;
  }
  const load = COMMANDS[`${group} ${action ?? ''}`];
  if (!load) {
    const known = Object.keys(COMMANDS).filter((name) => name.startsWith(`${group} `));
    const hint = known.length > 0 ? `; did you mean: ${known.map((k) => `${SIM_COMMAND} ${k}`).join(', ')}` : `; see ${SIM_COMMAND} --help`;
    io.stderr(`error: unknown command "${[group, action].filter(Boolean).join(' ')}"${hint}`);
    return EXIT_USAGE;
  }
  const command = await load();
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
