/**
 * The viewer's frame rate on the largest pre-built scenario (crowded-large, 2 400 agents), in
 * the headless Chromium of the browser tests, against the server as `pnpm start` runs it (the
 * bundle, with the viewer built into a temp folder). The simulation plays at 20 ticks/s; over
 * BENCH_SECONDS the page counts the browser's animation frames, the world frames it drew and
 * the ticks it received, and the longest gap between two animation frames (a gap over two
 * frame times is a dropped frame). Prints, asserts nothing, stops by itself.
 *
 *   npx tsx apps/api/bench/viewer.bench.ts
 */
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { launchHeadlessChromium } from '../test/support/headless-chromium.js';
import { REPO_ROOT, runCliJson, startServerProcess, tempDir } from '../test/support/server-process.js';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const SCENARIO = process.env.BENCH_SCENARIO ?? 'crowded-large';

/** What apps/web/src/frame-meter.ts measures. */
interface PageCounters {
  animationFrames: number;
  longestGapMs: number;
  droppedFrames: number;
  framesDrawn: number;
  ticksReceived: number;
}

async function main(): Promise<void> {
  const dir = tempDir('sim-viewer-bench-');
  const webDir = join(dir.path, 'web');
  execFileSync(process.execPath, [join(REPO_ROOT, 'apps/web/scripts/build.mjs'), webDir], { cwd: REPO_ROOT, stdio: 'ignore' });
  const databasePath = join(dir.path, 'sim.db');
  const server = await startServerProcess({ databasePath, entry: 'bundle', env: { SIM_BOOTSTRAP: 'false', SIM_WEB_DIR: webDir } });
  const org = runCliJson(databasePath, ['orgs', 'create', '--name', 'bench', '--tier', 'enterprise', '--json']) as { id: string };
  const { key } = runCliJson(databasePath, ['keys', 'create', '--org', org.id, '--scopes', 'simulation:read,simulation:write', '--json']) as { key: string };
  const browser = await launchHeadlessChromium();
  try {
    const context = await browser.newContext({ viewport: { width: 1320, height: 900 }, locale: 'en-US' });
    const page = await context.newPage();
    await page.goto(`${server.baseUrl}/`);
    await page.fill('#sign-in-secret', key);
    await page.click('#sign-in-button');
    await page.selectOption('#scenario-select', SCENARIO);
    await page.click('#create-button');
    await page.waitForSelector('#world');
    // Speed 2 of the default 10 ticks/s: 20 ticks/s.
    await page.fill('#speed', '2');
    await page.click('#play');
    while (Number(await page.textContent('#tick')) < 5) await new Promise((resolve) => setTimeout(resolve, 100));
    // The page's own meter (apps/web/src/frame-meter.ts), called in the page.
    const counters = await page.evaluate((seconds) => (globalThis as unknown as { simViewer: { measureFrames(s: number): Promise<PageCounters> } }).simViewer.measureFrames(seconds), SECONDS);
    const tick = Number(await page.textContent('#tick'));
    const scenario = (await (await fetch(`${server.baseUrl}/v1/scenarios/${SCENARIO}`)).json()) as { agents: unknown[] };
    console.log(`viewer on ${SCENARIO} (${scenario.agents.length} agents) at 20 ticks/s for ${SECONDS} s, headless Chromium (software rendering), reached tick ${tick}:`);
    console.log(`  ticks received       ${(counters.ticksReceived / SECONDS).toFixed(1)}/s`);
    console.log(`  world frames drawn   ${(counters.framesDrawn / SECONDS).toFixed(1)}/s (one per received tick at most; target 20/s)`);
    console.log(`  animation frames     ${(counters.animationFrames / SECONDS).toFixed(1)}/s; longest gap ${counters.longestGapMs.toFixed(1)} ms; dropped frames (gaps over two frame times): ${counters.droppedFrames}`);
    await page.click('#pause');
  } finally {
    await browser.close();
    await server.stop();
    dir.remove();
  }
}

await main();
