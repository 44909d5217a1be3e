/**
 * True when `value` nests arrays and objects more than `limit` levels deep (`{}` and `[]` are
 * one level, a scalar none). Walked with a stack of its own, not by recursion, so a body of a
 * megabyte of `[` is measured without overflowing the call stack, and the walk stops at the
 * first branch past the limit.
 *
 * @example
 * nestsDeeperThan({ a: [[1]] }, 2); // true: three levels
 */
export function nestsDeeperThan(value: unknown, limit: number): boolean {
  const pending: Array<{ value: unknown; depth: number }> = [{ value, depth: 0 }];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    if (typeof next.value !== 'object' || next.value === null) continue;
    const depth = next.depth + 1;
    if (depth > limit) return true;
    for (const child of Object.values(next.value)) if (typeof child === 'object' && child !== null) pending.push({ value: child, depth });
  }
  return false;
}
