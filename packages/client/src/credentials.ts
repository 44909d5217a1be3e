/** How a caller authenticates: an API key (`X-Api-Key`) or a JWT (`Authorization: Bearer`), never both. */
export type Credentials = { apiKey: string; token?: never } | { token: string; apiKey?: never };

/** The request headers that carry the credentials. */
export function credentialHeaders(credentials: Credentials): Record<string, string> {
  return credentials.apiKey !== undefined ? { 'X-Api-Key': credentials.apiKey } : { Authorization: `Bearer ${credentials.token}` };
}
