import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SignJWT, generateKeyPair } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createJwtVerifier, type JwtVerifier } from '../../src/identity/jwt-verifier.js';
import { OTHER_JWT_SECRET, TEST_JWT_SECRET, signHs256, startJwksServer, unsignedToken } from './support/jwt-fixtures.js';

const ORG = '6f1d7c1e-2b7a-4c1e-9a55-0d6a4b3c2e1f';
const ORG2 = '0b9d7e2e-9f4c-4f7e-8a55-1a2b3c4d5e6f';
const claims = { sub: 'alice', scope: 'simulation:read org:read unknown:scope', orgs: [ORG, ORG2] };

function expectRefused(result: Awaited<ReturnType<JwtVerifier>>, message: RegExp): void {
  expect(result.ok).toBe(false);
  if (!result.ok) expect(result.message).toMatch(message);
}

describe('JWT verification with HS256', () => {
  const verify = createJwtVerifier({ secret: TEST_JWT_SECRET })!;

  it('accepts a valid token and reads sub, scope and orgs', async () => {
    const result = await verify(await signHs256(claims));
    expect(result).toEqual({ ok: true, token: { sub: 'alice', scopes: new Set(['simulation:read', 'org:read']), orgs: [ORG, ORG2] } });
  });

  it.each([
    ['expired', () => signHs256(claims, TEST_JWT_SECRET, Math.floor(Date.now() / 1000) - 60), /expired/],
    ['without exp', () => signHs256(claims, TEST_JWT_SECRET, null), /exp/],
    ['signed with another secret', () => signHs256(claims, OTHER_JWT_SECRET), /signature/],
    ['unsigned (alg none)', async () => unsignedToken(claims), /./],
    ['without sub', () => signHs256({ scope: 'org:read', orgs: [ORG] }), /sub/],
    ['without orgs', () => signHs256({ sub: 'a', scope: 'org:read' }), /orgs/],
    ['with an oversized sub', () => signHs256({ sub: 'x'.repeat(300), orgs: [ORG] }), /sub/],
    [
      'with a NUL in sub (PostgreSQL refuses it in the rows that name the caller)',
      () => signHs256({ sub: 'nul\u0000user', orgs: [ORG] }),
      /sub must not contain control/,
    ],
    ['with a line break in sub', () => signHs256({ sub: 'a\nb', orgs: [ORG] }), /sub must not contain control/],
    ['with a NUL in iss', () => signHs256({ sub: 'a', iss: 'issuer\u0000', orgs: [ORG] }), /iss must not contain control/],
    ['with orgs that are not UUIDs', () => signHs256({ sub: 'a', orgs: ['acme'] }), /orgs/],
    ['with a non-string scope', () => signHs256({ sub: 'a', orgs: [ORG], scope: ['org:read'] }), /scope/],
    ['garbage', async () => 'not.a.jwt', /malformed|Invalid token/],
  ])('refuses a token %s', async (_name, make, message) => {
    expectRefused(await verify(await make()), message);
  });

  it('refuses a wrong algorithm (HS512 with the right secret, RS256)', async () => {
    const hs512 = await new SignJWT(claims).setProtectedHeader({ alg: 'HS512' }).setExpirationTime('1h').sign(new TextEncoder().encode(TEST_JWT_SECRET));
    expectRefused(await verify(hs512), /algorithm/);
    const { privateKey } = await generateKeyPair('RS256');
    const rs256 = await new SignJWT(claims).setProtectedHeader({ alg: 'RS256' }).setExpirationTime('1h').sign(privateKey);
    expectRefused(await verify(rs256), /algorithm/);
  });

  it('checks issuer and audience when configured', async () => {
    const strict = createJwtVerifier({ secret: TEST_JWT_SECRET, issuer: 'https://idp.test', audience: 'sim-api' })!;
    expectRefused(await strict(await signHs256(claims)), /iss|aud/);
    expectRefused(await strict(await signHs256({ ...claims, iss: 'https://idp.test', aud: 'other' })), /aud/);
    expect(await strict(await signHs256({ ...claims, iss: 'https://idp.test', aud: 'sim-api' }))).toMatchObject({
      ok: true,
      token: { issuer: 'https://idp.test' },
    });
  });

  it('is off without a secret or JWKS, and refuses a short secret', () => {
    expect(createJwtVerifier({})).toBeUndefined();
    expect(() => createJwtVerifier({ secret: 'short' })).toThrow(/32 characters/);
  });
});

describe('JWT verification with a JWKS (RS256, ES256)', () => {
  let jwks: Awaited<ReturnType<typeof startJwksServer>>;
  beforeAll(async () => {
    jwks = await startJwksServer();
  });
  afterAll(() => jwks.close());

  it('accepts RS256 and ES256 tokens signed by a key of the set', async () => {
    const verify = createJwtVerifier({ jwksUrl: jwks.url })!;
    expect((await verify(await jwks.signRs256(claims))).ok).toBe(true);
    expect((await verify(await jwks.signEs256(claims))).ok).toBe(true);
  });

  it('refuses HS256 when only a JWKS is configured, and a key outside the set', async () => {
    const verify = createJwtVerifier({ jwksUrl: jwks.url })!;
    expectRefused(await verify(await signHs256(claims)), /algorithm/);
    const { privateKey } = await generateKeyPair('RS256');
    const foreign = await new SignJWT(claims).setProtectedHeader({ alg: 'RS256', kid: 'rsa-1' }).setExpirationTime('1h').sign(privateKey);
    expectRefused(await verify(foreign), /signature/);
  });

  it('says a token could not be checked when the key set cannot be had, and only then', async () => {
    const token = await jwks.signRs256(claims);
    // Nothing listens there: fetch itself fails.
    const unreachable = createJwtVerifier({ jwksUrl: 'http://127.0.0.1:9/jwks.json' })!;
    expect(await unreachable(token)).toMatchObject({ ok: false, unavailable: true });
    // An answer other than 200.
    const down = createServer((_req, res) => res.writeHead(503).end());
    await new Promise<void>((resolve) => down.listen(0, '127.0.0.1', resolve));
    const failing = createJwtVerifier({ jwksUrl: `http://127.0.0.1:${(down.address() as AddressInfo).port}/jwks.json` })!;
    expect(await failing(token)).toMatchObject({ ok: false, unavailable: true });
    await new Promise((resolve) => down.close(resolve));
    // A problem of the token itself is a verdict on it.
    const verify = createJwtVerifier({ jwksUrl: jwks.url })!;
    const { privateKey } = await generateKeyPair('RS256');
    const foreign = await new SignJWT(claims).setProtectedHeader({ alg: 'RS256', kid: 'rsa-1' }).setExpirationTime('1h').sign(privateKey);
    for (const refused of [await verify(foreign), await verify(await signHs256(claims)), await verify('not.a.token')]) {
      expect(refused.ok).toBe(false);
      expect(refused).not.toHaveProperty('unavailable');
    }
  });

  it('accepts both kinds when a secret and a JWKS are configured', async () => {
    const verify = createJwtVerifier({ secret: TEST_JWT_SECRET, jwksUrl: jwks.url })!;
    expect((await verify(await signHs256(claims))).ok).toBe(true);
    expect((await verify(await jwks.signEs256(claims))).ok).toBe(true);
    expectRefused(await verify(unsignedToken(claims)), /./);
  });
});
