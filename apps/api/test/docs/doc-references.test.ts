import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../../..', import.meta.url));
const SKIP = new Set(['node_modules', 'dist', '.git', '.turbo', 'data', 'coverage']);

/** A citation of a docs page, with the sections it names: `docs/api.md, "Events", "Limits"`. */
const CITATION = /docs\/([a-z0-9-]+\.md)((?:, "[^"]+")*)/g;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (SKIP.has(entry.name) || entry.name.startsWith('.bench-')) return [];
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.(?:[cm]?[jt]s|md)$/.test(entry.name) ? [path] : [];
  });
}

const headings = (page: string): Set<string> =>
  new Set([...readFileSync(join(ROOT, 'docs', page), 'utf8').matchAll(/^#{1,4} (.+)$/gm)].map((m) => m[1]!.trim()));

/** Every citation in `text` that names a page or a section the docs do not have. */
function brokenCitations(text: string): string[] {
  return [...text.matchAll(CITATION)].flatMap(([citation, page, sections]) => {
    if (!existsSync(join(ROOT, 'docs', page!))) return [citation];
    const known = headings(page!);
    // Inside a single-quoted string literal an apostrophe of the section's name is escaped.
    const named = [...sections!.matchAll(/"([^"]+)"/g)].map((m) => m[1]!.replace(/\\'/g, "'"));
    return named.some((section) => !known.has(section)) ? [citation] : [];
  });
}

describe('references to the docs', () => {
  it('sees a citation of a missing page or section', () => {
    expect(brokenCitations('see docs/api.md, "Limits" and docs/api.md, "No such section"; docs/nowhere.md')).toEqual([
      'docs/api.md, "No such section"',
      'docs/nowhere.md',
    ]);
    // As a single-quoted string literal writes it: the apostrophe is escaped, the section found.
    expect(brokenCitations(String.raw`'docs/api.md, "Engine work", "The engine\'s queue"'`)).toEqual([]);
  });

  it('name pages and sections that exist, everywhere in the repository', () => {
    // This file's own samples are broken on purpose.
    const files = sourceFiles(ROOT).filter((file) => file !== fileURLToPath(import.meta.url));
    expect(files.length).toBeGreaterThan(100);
    const broken = files.flatMap((file) => brokenCitations(readFileSync(file, 'utf8')).map((c) => `${relative(ROOT, file)}: ${c}`));
    expect(broken).toEqual([]);
  });
});
