import type { Simulation, StepObserver } from '@sim/engine';

/** Longest stretch of engine work, in milliseconds, before other requests get a turn. */
export const SLICE_MS = 25;

const nextTurn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/**
 * Advances up to `ticks` ticks, handing the event loop back every SLICE_MS so that other
 * requests, SSE heartbeats and the playback clock are served while a long step computes (a
 * 10 000-tick step of a large scenario takes seconds). The engine is pure: slicing changes
 * nothing in the result. Returns the ticks advanced (fewer when the simulation completes).
 */
export async function stepInSlices(simulation: Simulation, ticks: number, observer: StepObserver, now: () => number = () => performance.now()): Promise<number> {
  let done = 0;
  while (done < ticks && !simulation.completed) {
    const sliceEnd = now() + SLICE_MS;
    do {
      done += simulation.step(1, observer);
    } while (done < ticks && !simulation.completed && now() < sliceEnd);
    if (done < ticks && !simulation.completed) await nextTurn();
  }
  return done;
}
