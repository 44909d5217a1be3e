import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { toValidationIssues } from '../src/scenario-error.js';

/** A value a union refused is told what is wrong with it, not zod's bare "Invalid input". */
const Values = z.object({
  values: z.union([z.array(z.union([z.number(), z.string(), z.boolean()])).max(3), z.object({ from: z.number(), to: z.number(), step: z.number() }).strict()]),
});
const issuesOf = (values: unknown) => {
  const parsed = Values.safeParse({ values });
  if (parsed.success) throw new Error('expected a refusal');
  return toValidationIssues(parsed.error);
};

describe('toValidationIssues on a union', () => {
  it('gives the problems of the one option that takes the value’s kind', () => {
    expect(issuesOf([1, 2, 3, 4])).toEqual([{ path: 'values', message: 'Too big: expected array to have <=3 items' }]);
    expect(issuesOf({ from: 0, to: 1 })).toEqual([{ path: 'values.step', message: 'Invalid input: expected number, received undefined' }]);
    expect(issuesOf({ from: 0, to: 1, step: 1, by: 2 })).toEqual([{ path: 'values.by', message: 'Unrecognized key: "by"' }]);
  });

  it('names the kinds expected when no option takes the value’s kind, nested unions included', () => {
    expect(issuesOf('many')).toEqual([{ path: 'values', message: 'Invalid input: expected array or object, received string' }]);
    expect(issuesOf([1, null])).toEqual([{ path: 'values.1', message: 'Invalid input: expected number, string or boolean, received null' }]);
  });

  it('keeps zod’s message when several options take the value’s kind', () => {
    const Either = z.object({ v: z.union([z.object({ a: z.number() }).strict(), z.object({ b: z.number() }).strict()]) });
    const parsed = Either.safeParse({ v: { c: 1 } });
    expect(parsed.success).toBe(false);
    if (!parsed.success) expect(toValidationIssues(parsed.error)).toEqual([{ path: 'v', message: 'Invalid input' }]);
  });
});

describe('toValidationIssues on bounds', () => {
  const Body = z.object({ ticks: z.number().int().min(1).max(10_000), name: z.string().min(2).max(5), other: z.number().int().max(3) }).strict();
  const issuesOf = (body: unknown) => {
    const parsed = Body.safeParse(body);
    if (parsed.success) throw new Error('expected a refusal');
    return toValidationIssues(parsed.error);
  };

  it('tells one problem once: of the bounds broken at one path, the tightest', () => {
    // zod reports 1e300 past `.int()`'s safe range and past `.max(10000)`: two issues at `ticks`.
    expect(issuesOf({ ticks: 1e300, name: 'abc', other: 1 })).toEqual([{ path: 'ticks', message: 'Too big: expected number to be <=10000' }]);
    expect(issuesOf({ ticks: -1e300, name: 'abc', other: 1 })).toEqual([{ path: 'ticks', message: 'Too small: expected number to be >=1' }]);
  });

  it('keeps the problems of other paths, in their order', () => {
    expect(issuesOf({ ticks: 1e300, name: 'abcdefg', other: 1e300 })).toEqual([
      { path: 'ticks', message: 'Too big: expected number to be <=10000' },
      { path: 'name', message: 'Too big: expected string to have <=5 characters' },
      { path: 'other', message: 'Too big: expected number to be <=3' },
    ]);
  });
});
