import { hostname } from 'node:os';

/** This process's name on the experiment runs it records and the batches it claims. */
export function processName(): string {
  return `${hostname()}:${process.pid}`;
}
