import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SOURCE = fileURLToPath(new URL('../src', import.meta.url));

/** What a pure, deterministic engine must never touch: clocks, I/O, the process, ambient randomness. */
const FORBIDDEN: { name: string; pattern: RegExp }[] = [
  { name: 'Math.random', pattern: /Math\s*\.\s*random/ },
  { name: 'Date', pattern: /\bDate\b/ },
  { name: 'performance.now', pattern: /\bperformance\s*\.\s*now/ },
  { name: 'process.', pattern: /\bprocess\s*\./ },
  { name: 'setTimeout', pattern: /\bsetTimeout\b/ },
  { name: 'setInterval', pattern: /\bsetInterval\b/ },
  { name: 'setImmediate', pattern: /\bsetImmediate\b/ },
  { name: 'a node: module', pattern: /(?:from\s*|import\s*\(\s*|require\s*\(\s*)['"]node:/ },
  { name: 'fs', pattern: /(?:from\s*|import\s*\(\s*|require\s*\(\s*)['"](?:fs|fs\/promises)['"]/ },
  { name: 'crypto', pattern: /\bcrypto\s*\.\s*(?:getRandomValues|randomUUID|randomBytes)/ },
];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.[cm]?[jt]s$/.test(name) && !name.endsWith('.test.ts') ? [path] : [];
  });
}

/** Every forbidden token in a text, as "line: token". */
function violations(text: string): string[] {
  return text.split('\n').flatMap((line, i) => FORBIDDEN.filter(({ pattern }) => pattern.test(line)).map(({ name }) => `${i + 1}: ${name}`));
}

describe('engine purity', () => {
  it('finds the forbidden tokens it looks for', () => {
    // Guards the scanner itself: a scan that cannot see a violation proves nothing.
    const sample = [
      'const u = Math.random();',
      'const t = Date.now();',
      'const p = performance.now();',
      'const env = process.env.SEED;',
      'setTimeout(() => {}, 1);',
      "import { readFileSync } from 'node:fs';",
      "import fs from 'fs';",
      "const os = await import('node:os');",
    ].join('\n');
    expect(violations(sample).map((v) => v.slice(v.indexOf(': ') + 2))).toEqual([
      'Math.random',
      'Date',
      'performance.now',
      'process.',
      'setTimeout',
      'a node: module',
      'fs',
      'a node: module',
    ]);
    expect(violations("const update = 'processed'; const dated = 1;")).toEqual([]);
  });

  it('uses no clock, I/O, process state or ambient randomness anywhere in src', () => {
    const files = sourceFiles(SOURCE);
    expect(files.length).toBeGreaterThan(10);
    const found = files.flatMap((file) => violations(readFileSync(file, 'utf8')).map((v) => `${relative(SOURCE, file)}:${v}`));
    expect(found).toEqual([]);
  });
});
