/**
 * A value, or a promise of it: what a lookup every request makes returns when memory answers it
 * most of the time (an API key by its hash, a rate-limit window) and a database otherwise. A
 * value costs the caller no promise and no turn of the microtask queue; `await` takes either.
 */
export type MaybePromise<T> = T | Promise<T>;

const isThenable = <T>(value: MaybePromise<T>): value is Promise<T> => typeof (value as { then?: unknown } | null | undefined)?.then === 'function';

/** `then` for a MaybePromise: `next` runs at once on a value, once it settles on a promise (or any thenable). */
export function thenMaybe<T, U>(value: MaybePromise<T>, next: (value: T) => MaybePromise<U>): MaybePromise<U> {
  return isThenable(value) ? Promise.resolve(value).then(next) : next(value);
}
