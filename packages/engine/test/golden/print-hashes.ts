/**
 * Child-process half of the determinism test: computes every golden hash in a fresh Node
 * process and prints them as JSON on stdout. Run as `node --import tsx <this file>`.
 */
import { readFileSync } from 'node:fs';
import { computeHashes, GOLDEN_PATH, loadScenarios, type GoldenFile } from './trace-hash.js';

const pinned = JSON.parse(readFileSync(GOLDEN_PATH, 'utf8')) as GoldenFile;
process.stdout.write(`${JSON.stringify(computeHashes(loadScenarios(), pinned))}\n`);
