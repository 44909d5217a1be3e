import { describe, expect, it } from 'vitest';
import { MAX_REPORTED_ISSUES, validationError } from '../../src/lib/api-error.js';
import { exactlyOneOf, withBodyRules, type BodyRule } from '../../src/lib/body-rules.js';

const fieldIssues = (count: number) => Array.from({ length: count }, (_, i) => ({ path: `f${i}`, message: 'bad' }));
const rules: BodyRule[] = [exactlyOneOf(['a', 'b']), () => [{ path: '', message: 'a second rule' }]];
const listed = (issues: ReturnType<typeof fieldIssues>) => (validationError(issues).details as { issues: typeof issues }).issues;

describe('withBodyRules', () => {
  it('adds the rules’ problems after the fields’ when all fit in an answer', () => {
    const issues = withBodyRules(fieldIssues(MAX_REPORTED_ISSUES - 2), rules, { a: 1, b: 2 });
    expect(issues).toHaveLength(MAX_REPORTED_ISSUES);
    expect(issues.slice(-2).map((issue) => issue.message)).toEqual(['Give exactly one of a or b, not a and b', 'a second rule']);
  });

  it('lists the rules’ problems first when all do not fit, so the answer keeps them', () => {
    for (const fields of [MAX_REPORTED_ISSUES - 1, MAX_REPORTED_ISSUES, MAX_REPORTED_ISSUES + 1]) {
      const answer = listed(withBodyRules(fieldIssues(fields), rules, { a: 1, b: 2 }));
      expect(answer.filter((issue) => issue.path === '')).toHaveLength(2);
    }
  });

  it('adds nothing a field’s problem already says, nor anything for a body that is not an object', () => {
    const said = [{ path: '', message: 'a second rule' }];
    expect(withBodyRules(said, rules, { a: 1 })).toEqual(said);
    expect(withBodyRules(fieldIssues(1), rules, [1])).toEqual(fieldIssues(1));
  });
});
