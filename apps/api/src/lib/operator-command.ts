/**
 * How an operator is told to run pnpm: through npx, because a machine with only Node and npm
 * (what the README asks for) has no `pnpm` on its PATH. The version is the one that the root
 * package.json pins in `packageManager` (a test keeps the two equal).
 */
export const PNPM_COMMAND = 'npx -y pnpm@10.34.9';

/** The operator CLI, as printed in its help, its errors and the first-start banner. */
export const SIM_COMMAND = `${PNPM_COMMAND} sim`;
