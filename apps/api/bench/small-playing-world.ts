/**
 * A small inline scenario that plays at `ticksPerSecond`: few agents, so that what a stream
 * benchmark measures is the service's delivery, not the clients parsing big ticks.
 */
export function smallPlayingWorld(ticksPerSecond: number) {
  return {
    seed: 11,
    agents: Array.from({ length: 8 }, (_, i) => ({ id: `a${i}`, marker: { x: 2 + i * 3, y: 4 + (i % 3) * 6 } })),
    initialState: {
      width: 32,
      height: 32,
      attractors: [
        { id: 'west', x: 8, y: 16, depth: 5, radius: 5, capacity: 50 },
        { id: 'east', x: 24, y: 16, depth: 5, radius: 5, capacity: 50 },
      ],
    },
    rules: { ticksPerSecond, maxTicks: 1_000_000 },
  };
}
