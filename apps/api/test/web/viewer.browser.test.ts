import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchHeadlessChromium } from '../support/headless-chromium.js';
import { REPO_ROOT, startServerProcess, tempDir, type ServerProcess } from '../support/server-process.js';

const SLOW = 120_000;
/**
 * How long a poll waits for the page to show what a request and its stream bring: the 1 s of
 * vitest's default is a race on a loaded two-core machine (a step and its tick over the stream).
 */
const SHOWN = { timeout: 20_000 };
const dir = tempDir('sim-viewer-');
let server: ServerProcess;
let browser: Browser;
let context: BrowserContext;

beforeAll(async () => {
  const webDir = join(dir.path, 'web');
  execFileSync(process.execPath, [join(REPO_ROOT, 'apps/web/scripts/build.mjs'), webDir], { cwd: REPO_ROOT, stdio: 'ignore' });
  server = await startServerProcess({ databasePath: join(dir.path, 'sim.db'), env: { SIM_WEB_DIR: webDir } });
  browser = await launchHeadlessChromium();
  // uPlot formats with navigator.language, which this Chromium reports as `en-US@posix` from the machine's locale.
  context = await browser.newContext({ viewport: { width: 1320, height: 900 }, locale: 'en-US' });
  // This Chromium runs as one process, which ends when its last page closes: one page stays open.
  await context.newPage();
}, SLOW);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  dir.remove();
});

/** A page in the browser that fails the test on any script error or refused resource. */
async function openViewer(): Promise<{ page: Page; problems: string[] }> {
  // A new tab: its sessionStorage, where the viewer keeps the credentials, starts empty.
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(String(error)));
  page.on('console', (message) => message.type() === 'error' && problems.push(message.text()));
  // A stream the page closes itself (leaving a simulation for another) ends as ERR_ABORTED.
  page.on('requestfailed', (request) => request.failure()?.errorText !== 'net::ERR_ABORTED' && problems.push(`failed: ${request.url()}`));
  await page.goto(`${server.baseUrl}/`);
  return { page, problems };
}

/** Signs in with the server's key and, when a scenario is named, creates a simulation of it and waits for its page. */
async function signIn(page: Page, scenarioId?: string): Promise<void> {
  await page.fill('#sign-in-secret', server.apiKey!);
  await page.click('#sign-in-button');
  if (scenarioId === undefined) return;
  await page.selectOption('#scenario-select', scenarioId);
  await page.click('#create-button');
  await page.waitForSelector('#world');
}

async function tickOf(page: Page): Promise<number> {
  return Number(await page.textContent('#tick'));
}

describe('the viewer in a real browser', () => {
  it('refuses a wrong key at sign-in, with the service’s reason', { timeout: SLOW }, async () => {
    const { page, problems } = await openViewer();
    await page.fill('#sign-in-secret', 'sim_not-a-real-key-000000000000000000000000');
    await page.click('#sign-in-button');
    await expect.poll(() => page.textContent('#sign-in-message'), SHOWN).toMatch(/Refused: 401 UNAUTHORIZED/);
    expect(problems.filter((p) => !p.includes('401'))).toEqual([]);
    await page.close();
  });

  it('signs in, creates a simulation, plays it, decrees, pauses and steps once', { timeout: SLOW }, async () => {
    const { page, problems } = await openViewer();
    await signIn(page, 'self-defeating-prophecy');
    expect(await tickOf(page)).toBe(0);

    await page.click('#play');
    await expect.poll(() => page.textContent('#status'), SHOWN).toBe('playing');
    await expect.poll(() => tickOf(page), SHOWN).toBeGreaterThanOrEqual(3);
    const before = await page.locator('#world').screenshot();
    const tickBefore = await tickOf(page);
    await expect.poll(() => tickOf(page), SHOWN).toBeGreaterThanOrEqual(tickBefore + 5);
    const after = await page.locator('#world').screenshot();
    // The agents moved: the canvas's pixels differ.
    expect(after.equals(before)).toBe(false);

    await page.selectOption('#decree-type', 'shock');
    // A refused decree says which field and why, its status and code once.
    await page.fill('#decree-shock-radius', '-4');
    await page.click('#decree-submit');
    await expect.poll(() => page.textContent('#message'), SHOWN).toMatch(/^400 VALIDATION_ERROR: Request validation failed \(payload\.radius: Too small/);
    await page.fill('#decree-shock-radius', '4');
    await page.click('#decree-submit');
    await expect.poll(() => page.textContent('#decree-message'), SHOWN).toMatch(/queued/);
    // Applied at the next tick, then streamed: its entry appears in the log.
    await page.waitForSelector('#event-log .event-decree', { timeout: 20_000 });
    expect(await page.textContent('#event-log .event-decree')).toMatch(/shock applied/);

    await page.click('#pause');
    await expect.poll(() => page.textContent('#status'), SHOWN).toBe('paused');
    const paused = await tickOf(page);
    await page.waitForTimeout(500);
    expect(await tickOf(page)).toBe(paused);

    await page.click('#step');
    await expect.poll(() => tickOf(page), SHOWN).toBe(paused + 1);
    expect(await page.textContent('#status')).toBe('paused');

    // The page's frames were drawn from the stream, and nothing failed or came from elsewhere.
    expect(await page.evaluate(() => (globalThis as unknown as { simViewer: { ticksReceived: number } }).simViewer.ticksReceived)).toBeGreaterThanOrEqual(
      paused + 1,
    );
    // The refused decree's 400, which the browser reports on the console, and nothing else.
    expect(problems.filter((problem) => !problem.includes('400'))).toEqual([]);
    await page.close();
  });

  it('draws the series of a domain simulation in its own units', { timeout: SLOW }, async () => {
    const headers = { 'X-Api-Key': server.apiKey!, 'Content-Type': 'application/json' };
    const domain = (await (await fetch(`${server.baseUrl}/v1/domains/epidemic`)).json()) as { example: unknown };
    const created = await fetch(`${server.baseUrl}/v1/simulations/from-domain`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ domain: 'epidemic', input: domain.example }),
    });
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: string };
    const { page, problems } = await openViewer();
    await signIn(page);
    await page.evaluate((simulationId) => void ((globalThis as unknown as { location: { hash: string } }).location.hash = `#/simulations/${simulationId}`), id);
    await page.waitForSelector('#world');
    await page.click('#play');
    // The chart appears with the first tick's state.domain, its menu listing the regions' quantities.
    await page.waitForSelector('#domain-chart:not([hidden])', { timeout: 20_000 });
    expect(await page.$$eval('#domain-field option', (options) => options.map((option) => option.textContent))).toEqual(
      expect.arrayContaining(['susceptible', 'exposed', 'infectious', 'recovered', 'hospitalized', 'beds']),
    );
    expect(await page.inputValue('#domain-field')).toBe('hospitalized');
    await page.selectOption('#domain-field', 'infectious');
    expect(await page.locator('#domain-chart canvas').count()).toBeGreaterThan(0);
    await page.click('#pause');
    expect(problems).toEqual([]);
    await page.close();
  });

  it('clicks an event to show its tick, forks there and compares the fork with its parent', { timeout: SLOW }, async () => {
    const { page, problems } = await openViewer();
    await signIn(page, 'self-defeating-prophecy');
    await page.click('#play');
    await expect.poll(() => page.locator('#event-log .event-prophecy').count(), { timeout: 60_000 }).toBeGreaterThanOrEqual(2);
    await page.click('#pause');
    await expect.poll(() => page.textContent('#status'), SHOWN).toBe('paused');
    const parentUrl = page.url();

    // Tick 0 has no trace step to show: its entry cannot be picked, and clicking it asks nothing.
    const start = page.locator('#event-log .event-simulation-status[data-tick="0"]');
    expect(await start.getAttribute('class')).not.toContain('pickable');
    await start.click();
    await page.waitForTimeout(300);
    expect(await page.textContent('#message')).toBe('');

    // The oldest prophecy's tick (the log is newest first), drawn with that prophecy's loss
    // probabilities, not the newest one's: those its entry lists.
    const oldest = page.locator('#event-log .event-prophecy').last();
    const prophecyTick = Number(await oldest.getAttribute('data-tick'));
    const listed = Object.fromEntries([...((await oldest.textContent()) ?? '').matchAll(/([\w-]+) (\d\.\d\d)/g)].map((m) => [m[1], m[2]]));
    expect(Object.keys(listed).length).toBeGreaterThan(0);
    await oldest.click();
    await expect.poll(() => page.textContent('#viewing'), SHOWN).toContain(`Showing tick ${prophecyTick}`);
    const shown = async () =>
      page.evaluate(() => {
        const frame = (globalThis as unknown as { simViewer: { world: { shown?: { state: { tick: number }; lossProbabilities?: Record<string, number> } } } })
          .simViewer.world.shown;
        return frame === undefined ? undefined : { tick: frame.state.tick, probabilities: frame.lossProbabilities ?? {} };
      });
    await expect.poll(async () => (await shown())?.tick, SHOWN).toBe(prophecyTick);
    const drawn = (await shown())!.probabilities;
    expect(Object.fromEntries(Object.keys(listed).map((id) => [id, drawn[id]?.toFixed(2)]))).toEqual(listed);

    await page.click('#fork-button');
    await expect.poll(() => page.url(), SHOWN).not.toBe(parentUrl);
    await page.waitForSelector('#compare-select');
    expect(await tickOf(page)).toBe(prophecyTick);
    await page.click('#compare-button');
    // No change at the fork, so the two runs agree on every tick they share.
    await expect.poll(() => page.textContent('#first-difference'), SHOWN).toMatch(new RegExp(`Ticks 1–${prophecyTick}: first difference none`));
    expect(problems).toEqual([]);
    await page.close();
  });

  it('submits an experiment, follows it to completion and charts each metric with its interval', { timeout: SLOW }, async () => {
    const { page, problems } = await openViewer();
    await signIn(page);
    await page.click('#nav-experiments');
    const body = {
      base: { scenarioId: 'self-defeating-prophecy' },
      vary: { 'rules.reflexivity': [0, 1] },
      replications: 3,
      seed: 5,
      ticks: 40,
      metrics: ['minStability', 'paradoxes'],
    };
    await page.fill('#experiment-body', JSON.stringify(body));
    await page.click('#experiment-submit');
    await expect.poll(() => page.textContent('#experiment-progress'), { timeout: 60_000 }).toMatch(/^completed: 6 of 6 runs/);
    // One chart per metric, and a row per combination and metric.
    await page.waitForSelector('#experiment-charts .chart[data-metric="paradoxes"] canvas');
    expect(await page.locator('#experiment-charts .chart').count()).toBe(2);
    expect(await page.locator('#experiment-table tr').count()).toBe(1 + 2 * 2);
    expect(await page.textContent('#experiment-table')).toMatch(/Results hash [0-9a-f]{16,}/);

    // A bad body is refused with the path of the problem, and nothing is opened.
    await page.click('#nav-experiments');
    await page.fill('#experiment-body', JSON.stringify({ ...body, metrics: ['noSuchMetric'] }));
    await page.click('#experiment-submit');
    await expect.poll(() => page.textContent('#experiment-message'), SHOWN).toMatch(/VALIDATION_ERROR.*metrics\.0/);
    expect(problems.filter((p) => !p.includes('400'))).toEqual([]);
    await page.close();
  });
});
