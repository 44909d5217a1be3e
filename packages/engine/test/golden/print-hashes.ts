/**
 * Child-process half of the determinism test: computes every golden hash in a fresh Node
 * process and prints them as JSON on stdout. Run as `node --import tsx <this file>`.
 */
import { computeHashes, loadScenarios, readPinned } from './trace-hash.js';

process.stdout.write(`${JSON.stringify(computeHashes(loadScenarios(), readPinned()))}\n`);
