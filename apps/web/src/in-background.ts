/**
 * Starts work nobody waits for, as a click or a timer does: a failure is reported on the console
 * (where the browser tests look for it), never dropped as an unhandled rejection.
 */
export function inBackground(work: Promise<unknown>): void {
  work.catch((error: unknown) => console.error(error));
}

/**
 * An event handler that starts async work: the browser expects a handler to return nothing.
 *
 * @example
 * h('button', { onclick: handler(save) }, 'Save');
 */
export function handler<A extends unknown[]>(run: (...args: A) => Promise<unknown>): (...args: A) => void {
  return (...args) => inBackground(run(...args));
}
