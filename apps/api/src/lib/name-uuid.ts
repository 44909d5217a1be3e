import { createHash } from 'node:crypto';

/**
 * A UUID (version 5 layout) derived from a name, so the same name always gives the same id:
 * a prophecy's id follows from its simulation id and sequence number and survives replays.
 */
export function uuidFromName(namespace: string, name: string): string {
  const bytes = createHash('sha1').update(`${namespace}\u0000${name}`).digest().subarray(0, 16);
  bytes[6] = ((bytes[6] as number) & 0x0f) | 0x50;
  bytes[8] = ((bytes[8] as number) & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
