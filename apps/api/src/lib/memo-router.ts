import type { Result, Router } from 'hono/router';
import { RegExpRouter } from 'hono/router/reg-exp-router';
import { SmartRouter } from 'hono/router/smart-router';
import { TrieRouter } from 'hono/router/trie-router';
import { BoundedMap } from './bounded-map.js';

/** Paths longer than this are matched every time: a memo of long made-up paths would hold their bytes. */
const MAX_MEMO_PATH_LENGTH = 256;

/**
 * Hono's default router (SmartRouter: RegExpRouter, else TrieRouter) with the match of the
 * latest paths kept, by method and path (docs/operations.md, "Where the time goes"). The API's
 * routes put a literal segment and a parameter at the same place (`/v1/simulations/run` beside
 * `/v1/simulations/{id}/step`), which RegExpRouter refuses, so every request was matched by the
 * TrieRouter: the largest share of a cached read's own cost in the server's profile. Reads repeat
 * their paths (a viewer polls one simulation), so a hit costs one Map lookup.
 *
 * A match depends only on the method, the path and the routes, which do not change once the
 * first request is matched (Hono's routers refuse new routes then); the memo is cleared by an
 * `add` anyway. At most `capacity` entries, the oldest going first, each for a path of at most
 * 256 characters; a caller sending made-up paths costs each of them one insert.
 */
export class MemoRouter<T> implements Router<T> {
  readonly #inner: Router<T>;
  readonly #memo: BoundedMap<string, Result<T>>;

  constructor(inner: Router<T> = new SmartRouter<T>({ routers: [new RegExpRouter<T>(), new TrieRouter<T>()] }), capacity = 1_000) {
    this.#inner = inner;
    this.#memo = new BoundedMap(capacity);
  }

  get name(): string {
    return `MemoRouter + ${this.#inner.name}`;
  }

  add(method: string, path: string, handler: T): void {
    this.#memo.clear();
    this.#inner.add(method, path, handler);
  }

  match(method: string, path: string): Result<T> {
    if (path.length > MAX_MEMO_PATH_LENGTH) return this.#inner.match(method, path);
    const key = `${method} ${path}`;
    let result = this.#memo.get(key);
    if (result === undefined) {
      result = this.#inner.match(method, path);
      this.#memo.set(key, result);
    }
    return result;
  }
}
