import { repoRoot } from '../config.js';
import { runCli } from './run-cli.js';
import { openIdentityStore } from './open-identity-store.js';

// The CLI's own entry: the only CLI file that reads process.env and argv.
const exitCode = await runCli(
  process.argv.slice(2),
  {
    env: process.env,
    // pnpm runs the script inside apps/api; INIT_CWD is where the operator typed the command.
    cwd: process.env.INIT_CWD ?? process.cwd(),
    repoRoot: repoRoot(),
    stdout: (text) => process.stdout.write(`${text}\n`),
    stderr: (text) => process.stderr.write(`${text}\n`),
  },
  openIdentityStore,
);
process.exitCode = exitCode;
