import type { Credentials } from '@sim/client';

const KEY = 'sim-viewer-credentials';

/**
 * The caller's credentials, kept in sessionStorage: they live as long as the browser tab and
 * are never written anywhere that outlives it.
 */
export const session = {
  load(): Credentials | undefined {
    const saved = sessionStorage.getItem(KEY);
    if (saved === null) return undefined;
    const parsed = JSON.parse(saved) as { apiKey?: string; token?: string };
    if (typeof parsed.apiKey === 'string') return { apiKey: parsed.apiKey };
    if (typeof parsed.token === 'string') return { token: parsed.token };
    return undefined;
  },
  save(credentials: Credentials): void {
    sessionStorage.setItem(KEY, JSON.stringify(credentials));
  },
  clear(): void {
    sessionStorage.removeItem(KEY);
  },
};

/** A pasted secret as credentials: an API key starts with `sim_`, anything else is taken as a JWT. */
export function credentialsFrom(secret: string): Credentials {
  const trimmed = secret.trim();
  return trimmed.startsWith('sim_') ? { apiKey: trimmed } : { token: trimmed };
}
