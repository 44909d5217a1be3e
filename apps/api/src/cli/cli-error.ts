/** Exit codes of the operator CLI (`sim`): 0 done, 1 the command failed, 2 it was called wrongly. */
export const EXIT_OK = 0;
export const EXIT_FAILURE = 1;
export const EXIT_USAGE = 2;

/** A failure the CLI reports as one line on stderr, without a stack trace. */
export class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode: number = EXIT_FAILURE,
  ) {
    super(message);
    this.name = 'CliError';
  }
}

export const usageError = (message: string): CliError => new CliError(message, EXIT_USAGE);
