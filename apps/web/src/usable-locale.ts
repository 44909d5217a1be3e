/** True when `Intl` takes `tag` as a locale (it throws a RangeError on one that is not BCP 47). */
function usable(tag: string): boolean {
  try {
    new Intl.NumberFormat(tag);
    return true;
  } catch {
    return false;
  }
}

/**
 * The locale to format numbers in: `language` when `Intl` takes it; else the same without a
 * POSIX suffix (`en-US@posix` → `en-US`, `de_DE.UTF-8` → `de-DE`); else the first of `languages`
 * that `Intl` takes; else `en-US`.
 *
 * @example
 * usableLocale('en-US@posix', ['en-US@posix']); // 'en-US'
 */
export function usableLocale(language: string, languages: readonly string[]): string {
  if (usable(language)) return language;
  const trimmed = language.split(/[@.]/)[0]?.replace(/_/g, '-') ?? '';
  if (trimmed !== '' && usable(trimmed)) return trimmed;
  return languages.find(usable) ?? 'en-US';
}

// uPlot builds its number format from `navigator.language` as its module loads, and
// `Intl.NumberFormat` throws on a tag that is not BCP 47: Chromium under a POSIX locale reports
// `en-US@posix`, and the viewer did not start (only its title showed). main.ts imports this
// module first, so that it runs before uPlot's: an unusable tag is replaced, for this page.
if (typeof navigator !== 'undefined') {
  const locale = usableLocale(navigator.language, navigator.languages);
  if (locale !== navigator.language) Object.defineProperty(navigator, 'language', { value: locale, configurable: true });
}
