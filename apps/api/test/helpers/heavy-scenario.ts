/**
 * An inline scenario whose computation takes seconds over a few thousand ticks: 3 000 agents
 * around one roomy well, no prophecies (each tick is short, so work can stop between ticks).
 */
export function heavyScenario(): Record<string, unknown> {
  const agents = Array.from({ length: 3000 }, (_, i) => ({ id: `a${i}`, marker: { x: (i * 37) % 64, y: (i * 91) % 64 } }));
  return {
    seed: 11,
    agents,
    initialState: { width: 64, height: 64, attractors: [{ id: 'w', x: 32, y: 32, depth: 3, radius: 6, capacity: 5000 }] },
    rules: { prophecyInterval: 0 },
  };
}
