/**
 * Per attractor, the probability of its basin's loss that a prophecy's data states, whatever
 * its schema: `basins` is an array of `{ attractor, lossProbability }` in `prophecy/1` and an
 * object keyed by attractor in the later schemas.
 */
export function lossProbabilities(data: unknown): Record<string, number> {
  const out: Record<string, number> = {};
  const basins = typeof data === 'object' && data !== null && 'basins' in data ? data.basins : undefined;
  if (Array.isArray(basins)) {
    for (const basin of basins as Array<{ attractor?: unknown; lossProbability?: unknown }>) {
      if (typeof basin.attractor === 'string' && typeof basin.lossProbability === 'number') out[basin.attractor] = basin.lossProbability;
    }
  } else if (typeof basins === 'object' && basins !== null) {
    for (const [id, basin] of Object.entries(basins as Record<string, { lossProbability?: unknown }>)) {
      if (typeof basin.lossProbability === 'number') out[id] = basin.lossProbability;
    }
  }
  return out;
}
