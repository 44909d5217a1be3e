import { z } from '@hono/zod-openapi';

/** Decimal digits, without a sign, spaces, exponent, radix prefix or leading zero. */
const DECIMAL = /^(?:0|[1-9][0-9]*)$/;

/** What a client is told when a path or query integer is spelt otherwise (docs/api.md, "Errors"). */
export const DECIMAL_INTEGER_MESSAGE = 'must be an integer written in decimal digits (no sign, spaces, exponent, hex prefix or leading zeros)';

/**
 * A path or query integer from `min` to `max`, written in decimal digits only
 * (docs/api.md, "Errors"). `z.coerce.number()` takes whatever `Number()` does: `0x10` is 16,
 * `1e2` is 100, ` 1` (`%201`) and `+1` are 1, and an empty `fromTick=` is 0. Each of those is
 * a 400 VALIDATION_ERROR at the parameter's name instead. The string is checked before it is
 * turned into a number, and the document still says `integer` with its bounds.
 */
export function decimalInteger(min: number, max: number = Number.MAX_SAFE_INTEGER) {
  return z.preprocess((value, ctx) => {
    if (typeof value !== 'string') return value;
    if (!DECIMAL.test(value)) {
      ctx.addIssue({ code: 'custom', message: DECIMAL_INTEGER_MESSAGE });
      return z.NEVER;
    }
    return Number(value);
  }, z.number().int().min(min).max(max));
}
