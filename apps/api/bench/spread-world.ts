/**
 * `agents` agents spread evenly (a golden-ratio sequence, no randomness) over a 256 × 256 grid
 * around 64 wells of capacity `agents`: a large world whose inline scenario the benches post.
 */
export function spreadWorld(agents: number): { seed: number; agents: unknown[]; initialState: Record<string, unknown> } {
  const side = 256;
  const frac = (i: number, salt: number): number => ((((i + 1) * 0.6180339887498949 + salt * 0.7548776662466927) % 1) + 1) % 1;
  return {
    seed: 12,
    agents: Array.from({ length: agents }, (_, i) => ({
      id: `a${i}`,
      marker: { x: Math.round(frac(i, 1) * (side - 1)), y: Math.round(frac(i, 2) * (side - 1)) },
    })),
    initialState: {
      width: side,
      height: side,
      attractors: Array.from({ length: 64 }, (_, a) => ({
        id: `w${a}`,
        x: Math.round(frac(a, 3) * (side - 1)),
        y: Math.round(frac(a, 4) * (side - 1)),
        depth: 3,
        radius: 12,
        capacity: agents,
      })),
    },
  };
}
