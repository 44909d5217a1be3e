import { z } from '@hono/zod-openapi';
import { toValidationIssues } from '@sim/engine';
import { MAX_REPORTED_ISSUES, type ValidationProblem } from './api-error.js';

/**
 * zod's own message for unknown keys names every one of them: 40 to 170 ms of the event loop for
 * a body of 90 000 keys, on the first read of the issues. Each key is reported at its own path
 * anyway (toValidationIssues); the message zod keeps names the first few and the count.
 */
z.config({
  customError: (issue) => {
    if (issue.code !== 'unrecognized_keys' || issue.keys.length <= UNKNOWN_KEYS_NAMED) return undefined;
    const named = issue.keys.slice(0, UNKNOWN_KEYS_NAMED).map((key) => JSON.stringify(key));
    return `Unrecognized keys: ${named.join(', ')} and ${issue.keys.length - UNKNOWN_KEYS_NAMED} more`;
  },
});
const UNKNOWN_KEYS_NAMED = 5;

/**
 * Turns zod issues into the interface's `{ path, message }` list. Body paths are dotted from
 * the body root; query and path parameters are named by themselves (`limit`, `id`). The
 * engine's formatter does the work, so a request body and a scenario or domain input that the
 * engine validates report the same paths (an unknown key at its own path, for instance).
 *
 * Only one problem more than an answer lists is turned into a path (validationError sees from
 * it that there are more): mapping every issue zod found in a 1 MiB body cost the event loop
 * up to 0.8 s.
 */
export function toIssues(error: z.ZodError): ValidationProblem[] {
  const wanted = MAX_REPORTED_ISSUES + 1;
  const kept = firstProblems(error.issues, wanted);
  return toValidationIssues(kept === error.issues ? error : new z.ZodError(kept)).slice(0, wanted);
}

/**
 * The leading issues that hold at least `wanted` problems: an issue of unknown keys is one
 * problem a key (its keys cut to what is wanted), any other at least one. `issues` itself when
 * it holds no more.
 */
function firstProblems(issues: z.core.$ZodIssue[], wanted: number): z.core.$ZodIssue[] {
  let problems = 0;
  for (const [index, issue] of issues.entries()) {
    const count = issue.code === 'unrecognized_keys' ? issue.keys.length : 1;
    if (problems + count >= wanted) {
      const last = issue.code === 'unrecognized_keys' && count > wanted - problems ? { ...issue, keys: issue.keys.slice(0, wanted - problems) } : issue;
      return last === issue && index + 1 === issues.length ? issues : [...issues.slice(0, index), last];
    }
    problems += count;
  }
  return issues;
}
