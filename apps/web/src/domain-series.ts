/**
 * What the viewer can draw of `state.domain` (docs/engine.md, "Domain models (1.4.0)"): the
 * first list of entries in it (regions, sites, pastures, banks), one series per entry, of one
 * numeric field chosen among the fields the entries share.
 */
export interface DomainLayout {
  /** The key of the list drawn: `regions`. */
  readonly list: string;
  /** One label per entry: its `name`, or its index. */
  readonly labels: readonly string[];
  /** The numeric fields every entry has, in the first entry's order. */
  readonly fields: readonly string[];
}

type Entry = Record<string, unknown>;

function entriesOf(domain: unknown): { list: string; entries: Entry[] } | undefined {
  if (typeof domain !== 'object' || domain === null) return undefined;
  for (const [key, value] of Object.entries(domain)) {
    if (Array.isArray(value) && value.length > 0 && value.every((item) => typeof item === 'object' && item !== null && !Array.isArray(item))) {
      return { list: key, entries: value as Entry[] };
    }
  }
  return undefined;
}

/**
 * The layout of a domain state; undefined when it has no list of entries with numbers.
 *
 * @example
 * domainLayout({ model: 'seir', regions: [{ name: 'North', infectious: 3 }] });
 * // { list: 'regions', labels: ['North'], fields: ['infectious'] }
 */
export function domainLayout(domain: unknown): DomainLayout | undefined {
  const found = entriesOf(domain);
  if (found === undefined) return undefined;
  const [first, ...rest] = found.entries as [Entry, ...Entry[]];
  const fields = Object.keys(first).filter((key) => typeof first[key] === 'number' && rest.every((entry) => typeof entry[key] === 'number'));
  if (fields.length === 0) return undefined;
  const labels = found.entries.map((entry, index) => (typeof entry.name === 'string' ? entry.name : String(index)));
  return { list: found.list, labels, fields };
}

/**
 * The values of `field` for each entry of `layout.list` in a domain state (null where an entry
 * or the number is missing).
 *
 * @example
 * domainValues(state.domain, layout, 'hospitalized'); // [120, 45, null]
 */
export function domainValues(domain: unknown, layout: DomainLayout, field: string): Array<number | null> {
  const list = typeof domain === 'object' && domain !== null ? (domain as Record<string, unknown>)[layout.list] : undefined;
  return layout.labels.map((_, index) => {
    const entry = Array.isArray(list) ? (list[index] as Entry | undefined) : undefined;
    const value = entry?.[field];
    return typeof value === 'number' ? value : null;
  });
}
