/**
 * Every request example of the docs, run as a reader pastes it: each ```sh block of README.md
 * and docs/*.md that calls curl is run by bash, in order, one shell per page (so a block that
 * sets ID serves the next one), against a real server. curl gets `--fail-with-body`, so any
 * answer outside 2xx fails the test with its error envelope. What a reader has done before a
 * block (created a simulation, waited for an experiment) is the only thing added, as a `prelude`
 * run before the block; nothing in a block is rewritten but the address of the server.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT, startServerProcess, tempDir, type ServerProcess } from '../support/server-process.js';

interface Example {
  page: string;
  line: number;
  code: string;
}

/** The ```sh blocks (indented ones too) of a page that make a request with curl. */
function requestExamples(page: string): Example[] {
  const lines = readFileSync(join(REPO_ROOT, page), 'utf8').split('\n');
  const examples: Example[] = [];
  for (let i = 0; i < lines.length; i++) {
    const open = /^(\s*)```sh$/.exec(lines[i]!);
    if (!open) continue;
    const indent = open[1]!.length;
    const start = i + 1;
    while (i + 1 < lines.length && lines[i + 1]!.trim() !== '```') i++;
    const code = lines
      .slice(start, i + 1)
      .map((line) => line.slice(indent))
      .join('\n');
    i++;
    if (/\bcurl\b/.test(code)) examples.push({ page, line: start, code });
  }
  return examples;
}

const PAGES = [
  'README.md',
  ...readdirSync(join(REPO_ROOT, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .map((name) => `docs/${name}`),
];

const api = (method: string, path: string, body?: string): string =>
  `curl -sS --fail-with-body -X ${method} "$SIM_URL${path}" -H "X-Api-Key: $KEY"${body === undefined ? '' : ` -H 'Content-Type: application/json' -d '${body}'`}`;

/** What a reader has done before a block, keyed by a line of the block. */
const PRELUDES: Array<{ when: RegExp; prelude: string }> = [
  {
    // "Once `status` is `completed`": wait for it, as a reader would (at most 5 minutes).
    when: /experiments\/\$ID\/results/,
    prelude: `for _ in $(seq 300); do ${api('GET', '/v1/experiments/$ID')} | jq -e '.status == "completed"' >/dev/null && break; sleep 1; done`,
  },
  {
    // The fork example's simulation: calm-equilibrium, at least 40 ticks computed.
    when: /simulations\/\$ID\/forks/,
    prelude: `ID=$(${api('POST', '/v1/simulations', '{"scenarioId":"calm-equilibrium"}')} | jq -r .id)\n${api('POST', '/v1/simulations/$ID/step', '{"ticks":40}')} >/dev/null`,
  },
  {
    // The base simulation of "Reproducing a run": basin-cascade, at least 20 ticks computed.
    when: /simulations\/\$BASE\//,
    prelude: `BASE=$(${api('POST', '/v1/simulations', '{"scenarioId":"basin-cascade"}')} | jq -r .id)\n${api('POST', '/v1/simulations/$BASE/step', '{"ticks":20}')} >/dev/null`,
  },
];

/** The block as bash runs it: the test server's address, failing on any error answer. */
function runnable(example: Example, baseUrl: string): string {
  const code = example.code
    // The banner's key is in KEY already.
    .replace(/^KEY=sim_\.\.\..*$/m, '')
    .replaceAll('http://127.0.0.1:3000', baseUrl)
    // An event stream never ends by itself: three seconds of it (curl's exit 28) is the example.
    .replace(/^curl -N (.*)$/gm, 'curl -sS --fail-with-body -N --max-time 3 $1 || [ $? -eq 28 ]')
    .replaceAll('curl -s ', 'curl -sS --fail-with-body ');
  const preludes = PRELUDES.filter(({ when }) => when.test(example.code)).map(({ prelude }) => prelude);
  return [...preludes, `echo "=== ${example.page}:${example.line}"`, code].join('\n');
}

let server: ServerProcess;
const dir = tempDir('sim-doc-examples-');
beforeAll(async () => {
  server = await startServerProcess({ databasePath: join(dir.path, 'sim.db') });
}, 120_000);
afterAll(async () => {
  await server?.stop();
  dir.remove();
});

describe('the request examples of the docs', () => {
  const byPage = PAGES.map((page) => ({ page, examples: requestExamples(page) })).filter(({ examples }) => examples.length > 0);

  it('are found where readers meet them', () => {
    expect(byPage.map(({ page }) => page).sort()).toEqual(['README.md', 'docs/api.md']);
    expect(byPage.flatMap(({ examples }) => examples).length).toBeGreaterThanOrEqual(7);
  });

  it.each(byPage.map(({ page, examples }) => [page, examples] as const))(
    'run as written, in order, on %s',
    (_page, examples) => {
      const script = ['set -euo pipefail', ...examples.map((example) => runnable(example, server.baseUrl))].join('\n');
      const result = spawnSync('bash', ['-c', script], {
        cwd: dir.path,
        env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', KEY: server.apiKey ?? '', SIM_URL: server.baseUrl },
        encoding: 'utf8',
        timeout: 540_000,
      });
      const output = `${result.stdout}${result.stderr}`;
      expect({ status: result.status, output }).toMatchObject({ status: 0 });
      // Every block ran, and the stream example received its opening line.
      for (const example of examples) expect(output).toContain(`=== ${example.page}:${example.line}`);
      if (examples.some((example) => example.code.includes('curl -N'))) expect(output).toContain('retry: 3000');
    },
    600_000,
  );
});
