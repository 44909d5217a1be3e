import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchHeadlessChromium } from '../support/headless-chromium.js';
import { startServerProcess, tempDir, type ServerProcess } from '../support/server-process.js';

describe('GET /v1/docs in a real browser', () => {
  let server: ServerProcess;
  let browser: Browser;
  const dir = tempDir('sim-docs-');

  beforeAll(async () => {
    server = await startServerProcess({ databasePath: join(dir.path, 'sim.db') });
    browser = await launchHeadlessChromium();
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    dir.remove();
  });

  it('renders every operation from /v1/openapi.json without a request leaving loopback', async () => {
    const page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
    const requested: string[] = [];
    const failed: string[] = [];
    const consoleErrors: string[] = [];
    page.on('request', (request) => requested.push(request.url()));
    page.on('requestfailed', (request) => failed.push(`${request.url()} ${request.failure()?.errorText ?? ''}`));
    const errorResponses: string[] = [];
    page.on('response', (res) => {
      // Chromium asks for /favicon.ico on its own; the API has none (404 envelope), which is fine.
      if (res.status() >= 400 && !res.url().endsWith('/favicon.ico')) errorResponses.push(`${res.status()} ${res.url()}`);
    });
    page.on('console', (message) => {
      if (message.type() === 'error' && !message.location().url.endsWith('/favicon.ico')) consoleErrors.push(message.text());
    });

    const response = await page.goto(`${server.baseUrl}/v1/docs`, { waitUntil: 'load' });
    expect(response?.status()).toBe(200);

    // Rendered: the title from info and operations from several tags are on the page.
    await page.getByText('Recursive Causality Simulator', { exact: false }).first().waitFor({ state: 'visible', timeout: 30_000 });
    await page.getByText('/v1/simulations/{id}/step', { exact: false }).first().waitFor({ state: 'attached', timeout: 30_000 });
    const text = await page.locator('body').innerText();
    for (const path of ['/v1/simulations', '/v1/scenarios', '/v1/health']) expect(text).toContain(path);

    const screenshot = join(dir.path, 'docs.png');
    await page.screenshot({ path: screenshot, fullPage: false });
    if (process.env.SIM_KEEP_SCREENSHOT) await page.screenshot({ path: process.env.SIM_KEEP_SCREENSHOT });

    const origin = new URL(server.baseUrl).origin;
    const offHost = requested.filter((url) => !url.startsWith(`${origin}/`) && !url.startsWith('data:') && !url.startsWith('blob:'));
    expect(offHost, 'requests that left the loopback address').toEqual([]);
    expect(requested).toContain(`${origin}/v1/openapi.json`);
    expect(failed).toEqual([]);
    expect(errorResponses).toEqual([]);
    expect(consoleErrors, 'console errors (a CSP violation shows up here)').toEqual([]);
    await page.close();
  }, 90_000);

  it('serves the bundle from the package with a long cache and revalidation', async () => {
    const html = await (await fetch(`${server.baseUrl}/v1/docs`)).text();
    const src = html.match(/<script src="([^"]+)"/)?.[1];
    expect(src).toMatch(/^\/v1\/docs\/assets\/standalone\.js\?v=/);
    const asset = await fetch(`${server.baseUrl}${src}`);
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toContain('max-age=31536000');
    expect(asset.headers.get('content-type')).toMatch(/javascript/);
    expect((await asset.arrayBuffer()).byteLength).toBe(Number(asset.headers.get('content-length')));
    const etag = asset.headers.get('etag')!;
    const again = await fetch(`${server.baseUrl}${src}`, { headers: { 'If-None-Match': etag } });
    expect(again.status).toBe(304);
  });
});
