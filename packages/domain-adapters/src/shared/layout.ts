import { LIMITS } from '@sim/engine';

/** Where the sites of a scenario sit on the grid, and the grid that holds them. */
export interface SiteLayout {
  width: number;
  height: number;
  /** Centre of each site, in input order. */
  centres: { x: number; y: number }[];
}

/**
 * Lays `rows` of sites on a grid, each site in a square cell of side `spacing`, centred; rows
 * may differ in length. The grid is as small as that allows and never larger than the engine's
 * limit: when it would be, the spacing shrinks to fit.
 */
export function layoutRows(rows: readonly number[][], spacing: number): SiteLayout & { spacing: number } {
  const columns = Math.max(1, ...rows.map((row) => row.length));
  const rowCount = Math.max(1, rows.length);
  const fit = Math.min(spacing, LIMITS.maxGridSide / columns, LIMITS.maxGridSide / rowCount);
  const width = Math.max(LIMITS.minGridSide, Math.min(LIMITS.maxGridSide, Math.ceil(columns * fit)));
  const height = Math.max(LIMITS.minGridSide, Math.min(LIMITS.maxGridSide, Math.ceil(rowCount * fit)));
  const count = rows.reduce((n, row) => n + row.length, 0);
  const centres: { x: number; y: number }[] = new Array(count);
  rows.forEach((row, r) => {
    const offset = ((columns - row.length) * fit) / 2;
    row.forEach((site, c) => {
      centres[site] = { x: Math.min(width - 1, offset + (c + 0.5) * fit), y: Math.min(height - 1, (r + 0.5) * fit) };
    });
  });
  return { width, height, centres, spacing: fit };
}

/** Sites in a near-square block, row by row in input order. */
export function squareRows(count: number): number[][] {
  const columns = Math.max(1, Math.ceil(Math.sqrt(count)));
  const rows: number[][] = [];
  for (let i = 0; i < count; i += columns) rows.push(Array.from({ length: Math.min(columns, count - i) }, (_, k) => i + k));
  return rows;
}
