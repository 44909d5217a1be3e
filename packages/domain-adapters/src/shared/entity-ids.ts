import { LIMITS } from '@sim/engine';

/** Room an id leaves for what is appended to it: `-<clash number>` and an agent's `-<index>`. */
const RESERVED = 10;

function slug(name: string): string {
  return name
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/**
 * Readable, unique engine identifiers for named domain entities: the slug of the name with
 * `suffix` appended (`North district` + `hospitals` → `north-district-hospitals`). A name that
 * leaves no slug becomes `site-<position>`; a clash gets a number (`north-2-hospitals`). Ids
 * leave room for an agent index (`north-district-people-1234`) within the engine's id length.
 */
export function entityIds(names: readonly string[], suffix: string): string[] {
  const room = LIMITS.maxIdLength - suffix.length - 1 - RESERVED;
  const used = new Set<string>();
  return names.map((name, index) => {
    const base = slug(name).slice(0, room).replace(/-+$/g, '') || `site-${index}`;
    let id = `${base}-${suffix}`;
    for (let k = 2; used.has(id); k++) id = `${base}-${k}-${suffix}`;
    used.add(id);
    return id;
  });
}
