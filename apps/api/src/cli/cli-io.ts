import type { IdentityStore } from '../identity/identity-store.js';

/** What a command may touch, passed in so tests can run commands in-process. */
export interface CliIo {
  /** The caller's environment (DATABASE_URL, SIM_JWT_SECRET). */
  env: Readonly<Record<string, string | undefined>>;
  /** Where relative FILE arguments are resolved: the directory the command was typed in. */
  cwd: string;
  /** The repository root: `scenarios/` and relative SQLite paths are resolved against it. */
  repoRoot: string;
  stdout: (text: string) => void;
  stderr: (text: string) => void;
}

/** Opens the identity store of DATABASE_URL for the duration of one command. */
export type OpenIdentityStore = (io: CliIo) => Promise<{ store: IdentityStore; close: () => Promise<void> }>;
