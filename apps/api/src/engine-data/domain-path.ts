/**
 * A path into `state.domain` that an experiment metric names (docs/api.md, "Experiments",
 * "Metrics"): dot-separated keys, each optionally followed by `[entry]`, where `entry` is an
 * index into a list or the `name` of one of its entries: `regions[Capital].hospitalized`,
 * `sites[0].stock`.
 */
export type DomainPath = readonly DomainPathStep[];

type DomainPathStep = { readonly key: string; readonly entry: string | undefined };

const STEP = /^([A-Za-z_][A-Za-z0-9_]*)(?:\[([^\]]+)\])?$/;

/**
 * Parses a domain path; a string is what is wrong with it.
 *
 * @example
 * parseDomainPath('regions[North].hospitalized'); // [{ key: 'regions', entry: 'North' }, { key: 'hospitalized', entry: undefined }]
 */
export function parseDomainPath(text: string): DomainPath | string {
  const steps: DomainPathStep[] = [];
  let rest = text;
  while (rest.length > 0) {
    // A bracketed name may hold dots, so a step ends at the first dot after its closing bracket.
    const open = rest.indexOf('[');
    const firstDot = rest.indexOf('.');
    const end = open >= 0 && (firstDot < 0 || open < firstDot) ? rest.indexOf('.', rest.indexOf(']', open)) : firstDot;
    const part = end < 0 ? rest : rest.slice(0, end);
    const match = STEP.exec(part);
    if (match === null) return `"${part}" is not a key or key[entry] (a path into state.domain, e.g. regions[North].hospitalized)`;
    steps.push({ key: match[1] as string, entry: match[2] });
    rest = end < 0 ? '' : rest.slice(end + 1);
    if (end >= 0 && rest.length === 0) return 'a path does not end with a dot';
  }
  return steps.length > 0 ? steps : 'the path is empty';
}

function entryOf(list: readonly unknown[], entry: string): unknown {
  if (/^\d+$/.test(entry)) return list[Number(entry)];
  return list.find((item) => typeof item === 'object' && item !== null && (item as { name?: unknown }).name === entry);
}

/**
 * The number at `path` in a domain state; undefined when the state has no number there.
 *
 * @example
 * readDomainPath(state.domain, parsed); // 1234.5
 */
export function readDomainPath(domain: unknown, path: DomainPath): number | undefined {
  let here: unknown = domain;
  for (const step of path) {
    if (typeof here !== 'object' || here === null || Array.isArray(here) || !Object.hasOwn(here, step.key)) return undefined;
    here = (here as Record<string, unknown>)[step.key];
    if (step.entry !== undefined) {
      if (!Array.isArray(here)) return undefined;
      here = entryOf(here, step.entry);
    }
  }
  return typeof here === 'number' && Number.isFinite(here) ? here : undefined;
}
