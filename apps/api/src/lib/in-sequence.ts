import type { Context, ErrorHandler, MiddlewareHandler, Next } from 'hono';

/** What a part does before the rest of the chain: nothing to return, or a refusal thrown. */
export type BeforeNext = (c: Context) => void | Promise<void>;
/** What a part does once the rest of the chain has answered (`c.res` is the answer, an error's included). */
export type AfterNext = (c: Context) => void | Promise<void>;

/** A middleware written as its two halves, around `await next()`. */
export interface AroundNext {
  before?: BeforeNext;
  after?: AfterNext;
}

/**
 * The `next` to give a Hono middleware called inside one half (its body limit, its etag
 * comparison): the rest of the chain is not its to run, so handing on is done at once.
 */
export const handedOn: Next = () => Promise.resolve();

const AROUND_NEXT: unique symbol = Symbol('aroundNext');
/** What a sequence was made of, for asOneSequence. */
const SEQUENCE: unique symbol = Symbol('sequence');

interface SequenceParts {
  parts: readonly MiddlewareHandler[];
  onError: ErrorHandler | undefined;
}

/**
 * A middleware written as what it does before the rest of the chain and what it does after it
 * (authentication, a scope, a context variable; the headers every response gets). Alone it is
 * an ordinary middleware; in inSequence its halves run in the sequence's own loop instead of as
 * one more level of `await next()`, which costs every request a promise and a closure per part
 * (docs/operations.md, "Where the time goes"). A synchronous half adds no promise at all.
 */
export function aroundNext(halves: AroundNext): MiddlewareHandler {
  const { before, after } = halves;
  const middleware: MiddlewareHandler = async (c, next) => {
    await before?.(c);
    await next();
    await after?.(c);
  };
  return Object.assign(middleware, { [AROUND_NEXT]: halves });
}

/** A part that only checks or prepares, before the rest of the chain (see aroundNext). */
export const beforeNext = (before: BeforeNext): MiddlewareHandler => aroundNext({ before });

const halvesOf = (part: MiddlewareHandler): AroundNext | undefined => (part as { [AROUND_NEXT]?: AroundNext })[AROUND_NEXT];

/**
 * One middleware that runs `parts` in order exactly as Hono runs a chain of separate ones: a
 * part that returns a Response makes it the response unless one was set already, and a part's
 * error becomes `onError`'s response right there, so the parts before it still run their code
 * after `await next()`. The router and Hono's dispatch both cost per handler on every request,
 * so the app-wide middlewares, and each protected route's guards, are cheaper as one; parts made
 * with `aroundNext` run in a loop, without a level of their own. The parts' markers (see
 * matchedRouteCarries) are carried over.
 *
 * Hono's own `compose` is not usable here: it records each part's position as the route index,
 * which is where `c.req.param()` looks for the matched route's parameters.
 */
export function inSequence(parts: readonly MiddlewareHandler[], onError?: ErrorHandler): MiddlewareHandler {
  const halves = parts.map(halvesOf);
  const fail = async (c: Context, error: unknown): Promise<void> => {
    if (!(error instanceof Error) || onError === undefined) throw error;
    c.error = error;
    c.res = await onError(error, c);
  };
  // The `after` halves of the parts that ran, innermost last; each runs even when another fails.
  const finish = async (c: Context, afters: AfterNext[] | undefined): Promise<void> => {
    if (afters === undefined) return;
    for (let i = afters.length - 1; i >= 0; i--) {
      try {
        const pending = afters[i]!(c);
        if (pending !== undefined) await pending;
      } catch (error) {
        await fail(c, error);
      }
    }
  };
  const run = async (c: Context, next: Next, from: number): Promise<void> => {
    let index = from;
    let afters: AfterNext[] | undefined;
    for (let part = halves[index]; part !== undefined; part = halves[++index]) {
      if (part.before !== undefined) {
        try {
          const pending = part.before(c);
          if (pending !== undefined) await pending;
        } catch (error) {
          await fail(c, error);
          return finish(c, afters);
        }
      }
      if (part.after !== undefined) (afters ??= []).push(part.after);
    }
    const part = parts[index];
    try {
      if (part === undefined) await next();
      else {
        const response = await part(c, () => run(c, next, index + 1));
        if (response instanceof Response && !c.finalized) c.res = response;
      }
    } catch (error) {
      await fail(c, error);
    }
    return finish(c, afters);
  };
  const sequence: MiddlewareHandler = (c, next) => run(c, next, 0);
  for (const part of parts) {
    for (const marker of Object.getOwnPropertySymbols(part)) {
      // A sequence is not written in halves itself, whatever its parts are.
      if (marker !== AROUND_NEXT && marker !== SEQUENCE) Object.assign(sequence, { [marker]: (part as unknown as Record<symbol, unknown>)[marker] });
    }
  }
  const made: SequenceParts = { parts, onError };
  return Object.assign(sequence, { [SEQUENCE]: made });
}

const sequencePartsOf = (part: MiddlewareHandler): SequenceParts | undefined => (part as { [SEQUENCE]?: SequenceParts })[SEQUENCE];

/**
 * A route's middlewares as one sequence, one handler to Hono's dispatch, when a sequence among
 * them (a protected route's guards) has an error handler: its parts take its place, and its
 * handler serves the whole. For a part outside it that makes no difference to the caller: its
 * error would have become the app's error answer at Hono's level of that part, and the parts
 * before it would have run their second halves, as they do in a sequence with a handler.
 * Without one (a public route) or with several, the middlewares stay as they are: a sequence
 * without a handler lets an error past the second halves of the parts before it.
 */
export function asOneSequence(middlewares: readonly MiddlewareHandler[]): MiddlewareHandler[] {
  const made = middlewares.map(sequencePartsOf);
  const handlers = new Set(made.filter((sequence) => sequence !== undefined).map((sequence) => sequence.onError));
  const [onError] = handlers;
  if (handlers.size !== 1 || onError === undefined) return [...middlewares];
  return [
    inSequence(
      middlewares.flatMap((part, i) => made[i]?.parts ?? [part]),
      onError,
    ),
  ];
}
