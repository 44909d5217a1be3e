import { createHash } from 'node:crypto';

/**
 * The seed of replication `r` of combination `c` of an experiment whose seed is `seed`
 * (docs/api.md, "Experiments", "Seeds"): the first four bytes, big-endian, of the SHA-256 of
 * the text `${seed}:${c}:${r}`, as an unsigned integer (0 to 4 294 967 295). A hash rather than
 * `seed + r`: neighbouring experiment seeds must not share runs, and every run of one experiment
 * gets a seed of its own (the complaint about replications that all ran with one seed).
 *
 * @example
 * runSeed(7, 0, 0); // the seed of the first run; reproduce it alone with this seed
 */
export function runSeed(seed: number, combination: number, replication: number): number {
  return createHash('sha256').update(`${seed}:${combination}:${replication}`).digest().readUInt32BE(0);
}
