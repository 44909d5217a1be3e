// Checks commit messages against the rules of CONTRIBUTING.md: a subject of at most 72
// characters, a blank line, then a body that says why.
//
//   npx tsx tools/check-commit-messages.ts [BASE]       every commit after BASE (default main) up to HEAD
//   npx tsx tools/check-commit-messages.ts --file PATH  one message, as a commit-msg hook receives it
//
// Exit code 0 when every message passes, 1 when one does not (each problem printed), 2 on wrong usage.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

export const MAX_SUBJECT_LENGTH = 72;

/** The problems of one commit message; empty when it follows the rules. */
export function messageProblems(message: string): string[] {
  // A commit-msg hook sees git's comment lines too; git drops them when it stores the message.
  const lines = message.split('\n').filter((line) => !line.startsWith('#'));
  while (lines.length > 0 && lines.at(-1)!.trim() === '') lines.pop();
  const [subject = '', separator, ...body] = lines;
  const problems: string[] = [];
  if (subject.trim() === '') problems.push('the subject is empty');
  if (subject.length > MAX_SUBJECT_LENGTH) problems.push(`the subject has ${subject.length} characters (at most ${MAX_SUBJECT_LENGTH})`);
  if (separator !== undefined && separator.trim() !== '') problems.push('the subject is not followed by a blank line');
  else if (body.every((line) => line.trim() === '')) problems.push('there is no body saying why');
  return problems;
}

function commitsAfter(base: string): Array<{ hash: string; message: string }> {
  const log = execFileSync('git', ['log', '--no-merges', '--format=%H%x00%B%x1e', `${base}..HEAD`], { encoding: 'utf8' });
  return log
    .split('\x1e')
    .map((entry) => entry.replace(/^\n/, ''))
    .filter((entry) => entry !== '')
    .map((entry) => {
      const [hash = '', message = ''] = entry.split('\x00');
      return { hash, message };
    });
}

function main(args: string[]): number {
  if (args[0] === '--file') {
    if (args[1] === undefined) return usage();
    const problems = messageProblems(readFileSync(args[1], 'utf8'));
    for (const problem of problems) console.error(`commit message: ${problem}`);
    return problems.length === 0 ? 0 : 1;
  }
  if (args.length > 1 || args[0]?.startsWith('-')) return usage();
  const base = args[0] ?? 'main';
  let failed = 0;
  const commits = commitsAfter(base);
  for (const { hash, message } of commits) {
    const problems = messageProblems(message);
    if (problems.length === 0) continue;
    failed++;
    console.error(`${hash.slice(0, 10)} ${message.split('\n')[0]}\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  }
  console.log(`${commits.length} commit(s) after ${base} checked, ${failed} with problems`);
  return failed === 0 ? 0 : 1;
}

function usage(): number {
  console.error('usage: check-commit-messages.ts [BASE] | --file MESSAGE_FILE');
  return 2;
}

process.exitCode = main(process.argv.slice(2));
