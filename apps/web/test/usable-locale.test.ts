import { afterEach, describe, expect, it, vi } from 'vitest';
import { usableLocale } from '../src/usable-locale.js';

describe('usableLocale', () => {
  it('keeps a tag Intl takes', () => {
    expect(usableLocale('de-DE', ['de-DE', 'en'])).toBe('de-DE');
  });

  it('drops a POSIX suffix that Intl refuses (Chromium under LANG=C.UTF-8 says en-US@posix)', () => {
    expect(() => new Intl.NumberFormat('en-US@posix')).toThrow(RangeError);
    expect(usableLocale('en-US@posix', ['en-US@posix'])).toBe('en-US');
    expect(usableLocale('de_DE.UTF-8', [])).toBe('de-DE');
  });

  it('falls back to a usable language of the list, then to en-US', () => {
    expect(usableLocale('@@', ['@@', 'fr-FR'])).toBe('fr-FR');
    expect(usableLocale('@@', ['@@'])).toBe('en-US');
  });
});

describe('imported first by the viewer', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.resetModules();
  });

  it('mends navigator.language before a module that formats with it loads', async () => {
    vi.stubGlobal('navigator', { language: 'en-US@posix', languages: ['en-US@posix'] });
    // Evaluated again, as on a page's first load (this file imported it already).
    vi.resetModules();
    await import('../src/usable-locale.js');
    expect(navigator.language).toBe('en-US');
    expect(() => new Intl.NumberFormat(navigator.language)).not.toThrow();
  });
});
