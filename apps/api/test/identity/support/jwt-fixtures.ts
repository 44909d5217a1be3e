import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SignJWT, exportJWK, generateKeyPair, type JWTPayload } from 'jose';

export const TEST_JWT_SECRET = 'test-secret-that-is-long-enough-for-hs256-0123456789';
export const OTHER_JWT_SECRET = 'another-secret-that-is-long-enough-for-hs256-987654';

/** An HS256 token; `exp` defaults to one hour from now. */
export async function signHs256(claims: JWTPayload, secret = TEST_JWT_SECRET, expiresIn: string | number | null = '1h'): Promise<string> {
  let jwt = new SignJWT(claims).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).setIssuedAt();
  if (expiresIn !== null) jwt = jwt.setExpirationTime(expiresIn);
  return jwt.sign(new TextEncoder().encode(secret));
}

/** An unsecured token (`alg: none`), as an attacker would forge it. */
export function unsignedToken(claims: JWTPayload): string {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${part({ alg: 'none', typ: 'JWT' })}.${part({ exp: Math.floor(Date.now() / 1000) + 3600, ...claims })}.`;
}

/** A local JWKS endpoint serving one RS256 and one ES256 public key, plus signers for both. */
export async function startJwksServer(): Promise<{
  url: string;
  signRs256: (claims: JWTPayload) => Promise<string>;
  signEs256: (claims: JWTPayload) => Promise<string>;
  close: () => Promise<void>;
}> {
  const rsa = await generateKeyPair('RS256');
  const ec = await generateKeyPair('ES256');
  const keys = [
    { ...(await exportJWK(rsa.publicKey)), kid: 'rsa-1', alg: 'RS256', use: 'sig' },
    { ...(await exportJWK(ec.publicKey)), kid: 'ec-1', alg: 'ES256', use: 'sig' },
  ];
  const server: Server = createServer((_req, res) => {
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify({ keys }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const sign = (alg: string, kid: string, key: Awaited<ReturnType<typeof generateKeyPair>>['privateKey']) => (claims: JWTPayload) =>
    new SignJWT(claims).setProtectedHeader({ alg, kid }).setIssuedAt().setExpirationTime('1h').sign(key);
  return {
    url: `http://127.0.0.1:${port}/jwks.json`,
    signRs256: sign('RS256', 'rsa-1', rsa.privateKey),
    signEs256: sign('ES256', 'ec-1', ec.privateKey),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
