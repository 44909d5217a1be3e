import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DEFAULT_ENGINE_VERSION, ENGINE_VERSIONS } from '../src/index.js';

const majorMinor = (version: string): string => version.split('.').slice(0, 2).join('.');
const { version } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string };

// The rule of the README's "Package versions and engine versions" (docs/packaging.md, "Versions").
describe('the package version and the engine versions it runs', () => {
  it("has the newest engine version's major.minor, and that version is the default", () => {
    const newest = ENGINE_VERSIONS.at(-1);
    expect(newest).toBe(DEFAULT_ENGINE_VERSION);
    expect(majorMinor(version)).toBe(majorMinor(newest ?? ''));
  });
});
