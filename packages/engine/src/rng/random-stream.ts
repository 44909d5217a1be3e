import seedrandom from 'seedrandom';

/**
 * The full state of one random stream; plain numbers, so it survives JSON unchanged.
 *
 * @example
 * const state: RandomStreamState = openStream(42, 'motion').state(); // { c, s0, s1, s2 }
 */
export interface RandomStreamState {
  c: number;
  s0: number;
  s1: number;
  s2: number;
}

/**
 * A seeded stream of uniform numbers in [0, 1): call it to draw.
 *
 * @example
 * const stream: RandomStream = openStream(42, 'environment');
 * const u = stream();
 * const saved = stream.state();
 */
export interface RandomStream {
  (): number;
  state(): RandomStreamState;
}

/**
 * Opens the stream for one purpose of one simulation. Each purpose (agent motion, the
 * environment, every prophecy branch) has its own stream derived from the seed and a label,
 * so that drawing more from one never shifts the draws of another.
 *
 * @example
 * const motion = openStream(42, 'motion');
 * const u = motion(); // same value on every machine
 */
export function openStream(seed: number | string, purpose: string): RandomStream {
  return seedrandom.alea(`${String(seed)}/${purpose}`, { state: true });
}

/**
 * Resumes a stream exactly where `state()` left it.
 *
 * @example
 * const stream = openStream(42, 'motion');
 * const saved = JSON.stringify(stream.state());
 * const resumed = resumeStream(JSON.parse(saved));
 * resumed() === stream(); // true
 */
export function resumeStream(state: RandomStreamState): RandomStream {
  return seedrandom.alea('', { state: { ...state } });
}
