import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DEFAULT_ENGINE_VERSION, ENGINE_VERSIONS } from '../src/index.js';

const majorMinor = (version: string): string => version.split('.').slice(0, 2).join('.');
const { version } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string };

type Bump = 'major' | 'minor' | 'patch';
const RANK: Record<Bump, number> = { patch: 0, minor: 1, major: 2 };

/** The bumps of this package that the pending changesets ask for, by file. */
function pendingBumps(): { name: string; bump: Bump }[] {
  const folder = new URL('../../../.changeset/', import.meta.url);
  return readdirSync(folder)
    .filter((name) => name.endsWith('.md') && name !== 'README.md')
    .flatMap((name) => {
      const bump = /^['"]?@sim\/engine['"]?:\s*(major|minor|patch)\s*$/m.exec(readFileSync(new URL(name, folder), 'utf8'))?.[1] as Bump | undefined;
      return bump === undefined ? [] : [{ name, bump }];
    });
}

/** The version `changeset version` would publish: the package's, bumped by the largest pending bump. */
function toBePublished(current: string, bumps: readonly Bump[]): string {
  const [major = 0, minor = 0, patch = 0] = current.split('.').map(Number);
  const largest = bumps.reduce<Bump | undefined>((top, bump) => (top === undefined || RANK[bump] > RANK[top] ? bump : top), undefined);
  if (largest === 'major') return `${major + 1}.0.0`;
  if (largest === 'minor') return `${major}.${minor + 1}.0`;
  if (largest === 'patch') return `${major}.${minor}.${patch + 1}`;
  return current;
}

// The rule of the README's "Package versions and engine versions" (docs/packaging.md, "Versions").
describe('the package version and the engine versions it runs', () => {
  it("will be published with the newest engine version's major.minor, and that version is the default", () => {
    const newest = ENGINE_VERSIONS.at(-1) ?? '';
    expect(newest).toBe(DEFAULT_ENGINE_VERSION);
    // A minor bump only with a new engine version (its changeset and the version together); a new
    // export alone is a patch here, since the minor number is the engine version's.
    const bumps = pendingBumps();
    const published = toBePublished(
      version,
      bumps.map((entry) => entry.bump),
    );
    expect(majorMinor(published), `pending: ${bumps.map((entry) => `${entry.name} (${entry.bump})`).join(', ')}`).toBe(majorMinor(newest));
  });

  it('reads what changeset would publish', () => {
    expect(toBePublished('1.4.0', [])).toBe('1.4.0');
    expect(toBePublished('1.4.0', ['patch', 'patch'])).toBe('1.4.1');
    expect(toBePublished('1.4.2', ['patch', 'minor'])).toBe('1.5.0');
    expect(toBePublished('1.4.2', ['major', 'minor'])).toBe('2.0.0');
  });
});
