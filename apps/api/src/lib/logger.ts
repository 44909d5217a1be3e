/** Where the app writes operational messages; tests pass a silent one. */
export interface Logger {
  info(message: string, fields?: Record<string, unknown>): void;
  warn(message: string, fields?: Record<string, unknown>): void;
  error(message: string, fields?: Record<string, unknown>): void;
}

const write =
  (level: string, out: (line: string) => void) =>
  (message: string, fields?: Record<string, unknown>): void =>
    out(fields === undefined ? `[${level}] ${message}` : `[${level}] ${message} ${JSON.stringify(fields)}`);

export const consoleLogger: Logger = {
  info: write('info', (line) => console.log(line)),
  warn: write('warn', (line) => console.warn(line)),
  error: write('error', (line) => console.error(line)),
};

export const silentLogger: Logger = { info: () => {}, warn: () => {}, error: () => {} };
