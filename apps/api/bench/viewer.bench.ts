/**
 * The viewer's frame rate on the largest pre-built scenario (crowded-large, 2 400 agents), in
 * the headless Chromium of the browser tests, against the server as `pnpm start` runs it (the
 * bundle, with the viewer built into a temp folder). The simulation plays at 20 ticks/s; over
 * BENCH_SECONDS the page's own meter (apps/web/src/frame-meter.ts) counts the ticks received,
 * the world frames drawn and skipped, the animation frames and their stalls, and times each
 * piece of its work; meanwhile the benchmark samples, from /proc, the CPU of the server, of
 * Chromium's threads (the page's main thread, compositing, GPU emulation) and of the machine.
 *
 * It runs the browser twice (BENCH_RENDERING picks one): drawing through a GPU emulated on the
 * CPU (SwiftShader: the package's flags, as the browser tests run) and in software
 * (`--disable-gpu`, as Chromium draws on a machine without a usable GPU). The page's work is
 * the same in both; what a frame costs the browser outside the page is not. Prints, asserts
 * nothing, stops by itself.
 *
 *   npx tsx apps/api/bench/viewer.bench.ts
 *   BENCH_SECONDS=20 BENCH_RENDERING=software npx tsx apps/api/bench/viewer.bench.ts
 */
import { subscribeToEvents } from '@sim/client';
import { execFileSync } from 'node:child_process';
import { availableParallelism, loadavg } from 'node:os';
import { join } from 'node:path';
import { launchHeadlessChromium, type Rendering } from '../test/support/headless-chromium.js';
import { REPO_ROOT, runCliJson, startServerProcess, tempDir, type ServerProcess } from '../test/support/server-process.js';
import { childPids, cpuSpent, machineCpu, sumOf, threadCpu, type ThreadCpu } from './thread-cpu.js';
import type { Durations, FrameReport } from '../../web/src/frame-report.js';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const SCENARIO = process.env.BENCH_SCENARIO ?? 'crowded-large';
const RENDERINGS = (process.env.BENCH_RENDERING ?? 'emulated-gpu,software').split(',') as Rendering[];
const TICKS_PER_SECOND = 20;
const FRAME_BUDGET_MS = 1000 / TICKS_PER_SECOND;
const SAMPLE_EVERY_MS = 200;

const RENDERING_LABEL: Record<Rendering, string> = {
  'emulated-gpu': 'GPU emulated on the CPU (SwiftShader; the browser tests’ flags)',
  software: 'software rendering (--disable-gpu, as without a usable GPU)',
};

/** Chromium's threads by what they do (it runs as one process: --single-process). */
const THREAD_GROUPS: Array<[label: string, test: (name: string) => boolean]> = [
  ['page main thread', (n) => n.startsWith('Chrome_InProcRe') || n.startsWith('CrRendererMain')],
  ['compositing', (n) => n.startsWith('Compositor') || n.startsWith('VizCompositor')],
  ['GPU emulation', (n) => n.startsWith('Chrome_InProcGp') || n.startsWith('CrGpuMain') || n.startsWith('Thread<') || n.startsWith('ANGLE')],
];
const groupOf = (name: string) => THREAD_GROUPS.find(([, test]) => test(name))?.[0] ?? 'other';

interface Sample {
  at: number;
  chromium: ThreadCpu;
  serverMs: number;
  benchMs: number;
  machine: { busyMs: number; totalMs: number };
}

/** Samples CPU every SAMPLE_EVERY_MS until stopped. */
function sampleCpu(chromiumPids: number[], serverPid: number): { stop(): Sample[] } {
  const take = (): Sample => {
    const chromium: ThreadCpu = new Map();
    for (const pid of chromiumPids) for (const [name, ms] of threadCpu(pid)) chromium.set(name, (chromium.get(name) ?? 0) + ms);
    return { at: Date.now(), chromium, serverMs: sumOf(threadCpu(serverPid)), benchMs: sumOf(threadCpu(process.pid)), machine: machineCpu() };
  };
  const samples = [take()];
  const timer = setInterval(() => samples.push(take()), SAMPLE_EVERY_MS);
  return {
    stop() {
      clearInterval(timer);
      samples.push(take());
      return samples;
    },
  };
}

const sampleAtOrBefore = (samples: Sample[], at: number) => [...samples].reverse().find((s) => s.at <= at) ?? samples[0]!;
const sampleAtOrAfter = (samples: Sample[], at: number) => samples.find((s) => s.at >= at) ?? samples[samples.length - 1]!;

/** Cores each part used between two samples. */
function coresBetween(
  a: Sample,
  b: Sample,
): { wallMs: number; groups: Map<string, number>; chromium: number; server: number; bench: number; rest: number; machineBusy: number } {
  const wallMs = b.at - a.at;
  const groups = new Map<string, number>();
  for (const [name, ms] of cpuSpent(a.chromium, b.chromium)) groups.set(groupOf(name), (groups.get(groupOf(name)) ?? 0) + ms / wallMs);
  const chromium = sumOf(groups);
  const server = (b.serverMs - a.serverMs) / wallMs;
  const bench = (b.benchMs - a.benchMs) / wallMs;
  const busy = (b.machine.busyMs - a.machine.busyMs) / wallMs;
  const total = (b.machine.totalMs - a.machine.totalMs) / wallMs;
  return { wallMs, groups, chromium, server, bench, rest: Math.max(0, busy - chromium - server - bench), machineBusy: total > 0 ? busy / total : 0 };
}

/**
 * A second subscriber to the same stream, in this process: when a tick reaches it well before
 * it reaches the page, the delay is the browser's, not the server's.
 */
async function controlSubscriber(server: ServerProcess, key: string, id: string): Promise<{ stop(): Map<number, number> }> {
  const arrivals = new Map<number, number>();
  let first: () => void = () => {};
  const started = new Promise<void>((resolve) => (first = resolve));
  const subscription = subscribeToEvents({
    baseUrl: server.baseUrl,
    credentials: { apiKey: key },
    simulationId: id,
    variant: { encoding: 'packed', lag: 'skip' },
    onEvent: (event) => {
      if (event.event !== 'tick') return;
      arrivals.set(event.data.t, Date.now());
      first();
    },
  });
  await started;
  return {
    stop() {
      subscription.close();
      return arrivals;
    },
  };
}

function durationsOf(values: number[]): Durations {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
  return { count: sorted.length, p50: at(0.5), p99: at(0.99), max: sorted[sorted.length - 1] ?? 0, total: sorted.reduce((a, b) => a + b, 0) };
}

const ms = (value: number) => (value >= 100 ? value.toFixed(0) : value.toFixed(1));
const spread = (d: Durations) => `${ms(d.p50)}/${ms(d.p99)}/${ms(d.max)} (${d.count})`;
const cores = (value: number) => value.toFixed(2);

async function measure(rendering: Rendering, server: ServerProcess, key: string): Promise<void> {
  const before = new Set(childPids(process.pid));
  const browser = await launchHeadlessChromium(rendering);
  const chromiumPids = childPids(process.pid).filter((pid) => !before.has(pid));
  try {
    const context = await browser.newContext({ viewport: { width: 1320, height: 900 }, locale: 'en-US' });
    const page = await context.newPage();
    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(String(error)));
    page.on('console', (message) => message.type() !== 'log' && problems.push(`${message.type()}: ${message.text()}`));
    page.on('requestfailed', (request) => problems.push(`request failed: ${request.url()} ${request.failure()?.errorText ?? ''}`));
    await page.goto(`${server.baseUrl}/`);
    await page.fill('#sign-in-secret', key);
    await page.click('#sign-in-button');
    await page.selectOption('#scenario-select', SCENARIO);
    await page.click('#create-button');
    await page.waitForSelector('#world');
    const id = /#\/simulations\/([0-9a-f-]{36})$/.exec(page.url())?.[1];
    if (id === undefined) throw new Error(`no simulation in ${page.url()}`);
    // Speed 2 of the default 10 ticks/s: 20 ticks/s.
    await page.fill('#speed', String(TICKS_PER_SECOND / 10));
    await page.click('#play');
    while (Number(await page.textContent('#tick')) < 5) await new Promise((resolve) => setTimeout(resolve, 100));

    const control = await controlSubscriber(server, key, id);
    const sampler = sampleCpu(chromiumPids, server.pid);
    const report = await page.evaluate(
      (seconds) => (globalThis as unknown as { simViewer: { measureFrames(s: number): Promise<FrameReport> } }).simViewer.measureFrames(seconds),
      SECONDS,
    );
    const samples = sampler.stop();
    const controlArrivals = control.stop();
    // The page's measured stretch, for both subscribers.
    const windowEnd = report.startedAtEpochMs + report.seconds * 1000;
    const controlTimes = [...controlArrivals.values()].filter((at) => at >= report.startedAtEpochMs && at <= windowEnd).sort((a, b) => a - b);
    const controlGaps = durationsOf(controlTimes.slice(1).map((at, i) => at - controlTimes[i]!));
    const lateness = durationsOf(report.tickArrivals.flatMap(([tick, at]) => (controlArrivals.has(tick) ? [at - controlArrivals.get(tick)!] : [])));
    await page.click('#pause');

    const per = (count: number) => (count / report.seconds).toFixed(1);
    const whole = coresBetween(sampleAtOrBefore(samples, report.startedAtEpochMs), sampleAtOrAfter(samples, windowEnd));
    const pageWorkPerFrame =
      (report.work.tick.total + report.work.draw.total + report.work.chart.total + report.work.log.total) / Math.max(1, report.framesDrawn);
    const cpuPerFrame = (core: number) => (core * whole.wallMs) / Math.max(1, report.framesDrawn);
    const group = (label: string) => whole.groups.get(label) ?? 0;
    const mainPerFrame = cpuPerFrame(group('page main thread'));
    const chromiumPerFrame = cpuPerFrame(whole.chromium);
    const skippedByServer = report.ticksSkippedByServer === 0 ? 'none' : String(report.ticksSkippedByServer);
    console.log(`\n[${RENDERING_LABEL[rendering]}]`);
    console.log(
      `  ticks            the page received ${per(report.ticksReceived)}/s, ${skippedByServer} left out by the server (lag=skip); a subscriber outside the browser received ${per(controlTimes.length)}/s`,
    );
    console.log(
      `  tick arrivals    gap p50/p99/max (count), ms: in the page ${spread(report.tickArrivalGaps)}, in a subscriber outside the browser ${spread(controlGaps)}; the page got each tick ${spread(lateness)} after that subscriber (negative: before)`,
    );
    console.log(
      `  world frames     drawn ${per(report.framesDrawn)}/s (${TICKS_PER_SECOND}/s asked); ${report.framesSkipped} skipped (waited too long to be drawn); interval p50/p99/max (count) ${spread(report.worldFrameGaps)} ms`,
    );
    console.log(
      `  animation frames ${per(report.animationFrames)}/s; gap p50/p99/max (count) ${spread(report.animationFrameGaps)} ms; ${report.missedAnimationFrames} display refreshes without one; longest stall ${ms(report.animationFrameGaps.max)} ms, ${report.stalls.length} of 250 ms or more`,
    );
    console.log(
      `  page work        ms each, p50/p99/max (count): tick received (decode included) ${spread(report.work.tick)}, world frame drawn ${spread(report.work.draw)}, chart ${spread(report.work.chart)}, log ${spread(report.work.log)}; long tasks ${report.longTasks.count} (longest ${ms(report.longTasks.max)} ms)`,
    );
    console.log(
      `  per drawn frame  the page's own work ${ms(pageWorkPerFrame)} ms; the page's main thread ${ms(mainPerFrame)} ms (scripts, style, layout, paint${rendering === 'software' ? ', rasterisation' : ''}); all of Chromium ${ms(chromiumPerFrame)} ms, of which GPU emulation ${ms(cpuPerFrame(group('GPU emulation')))} ms, compositing ${ms(cpuPerFrame(group('compositing')))} ms; a frame's budget is ${ms(FRAME_BUDGET_MS)} ms`,
    );
    console.log(
      `  what one core    could draw at these costs: ${(1000 / Math.max(0.1, chromiumPerFrame)).toFixed(0)} frames/s of all Chromium's work, ${(1000 / Math.max(0.1, mainPerFrame)).toFixed(0)} frames/s of the page's main thread`,
    );
    console.log(
      `  CPU (cores)      Chromium ${cores(whole.chromium)} (${[...THREAD_GROUPS.map(([label]) => label), 'other'].map((label) => `${label} ${cores(group(label))}`).join(', ')}); server ${cores(whole.server)} (${ms((whole.server * whole.wallMs) / Math.max(1, controlTimes.length))} ms per tick delivered); this benchmark ${cores(whole.bench)}; other processes ${cores(whole.rest)}; machine ${(whole.machineBusy * 100).toFixed(0)}% busy of ${availableParallelism()} cores, load ${loadavg()[0]!.toFixed(2)}`,
    );
    for (const problem of problems) console.log(`  page said        ${problem}`);
    const longest = [...report.stalls].sort((a, b) => b.ms - a.ms).slice(0, 3);
    for (const stall of longest) {
      const during = coresBetween(sampleAtOrBefore(samples, stall.atEpochMs), sampleAtOrAfter(samples, stall.atEpochMs + stall.ms));
      console.log(
        `  stall            ${ms(stall.ms)} ms from +${((stall.atEpochMs - report.startedAtEpochMs) / 1000).toFixed(1)} s, cores meanwhile: page main thread ${cores(during.groups.get('page main thread') ?? 0)}, GPU emulation ${cores(during.groups.get('GPU emulation') ?? 0)}, compositing ${cores(during.groups.get('compositing') ?? 0)}, server ${cores(during.server)}, other processes ${cores(during.rest)}`,
      );
    }
  } finally {
    await browser.close();
  }
}

async function main(): Promise<void> {
  const dir = tempDir('sim-viewer-bench-');
  const webDir = join(dir.path, 'web');
  execFileSync(process.execPath, [join(REPO_ROOT, 'apps/web/scripts/build.mjs'), webDir], { cwd: REPO_ROOT, stdio: 'ignore' });
  const databasePath = join(dir.path, 'sim.db');
  const server = await startServerProcess({ databasePath, entry: 'bundle', env: { SIM_BOOTSTRAP: 'false', SIM_WEB_DIR: webDir } });
  const org = runCliJson(databasePath, ['orgs', 'create', '--name', 'bench', '--tier', 'enterprise', '--json']) as { id: string };
  const { key } = runCliJson(databasePath, ['keys', 'create', '--org', org.id, '--scopes', 'simulation:read,simulation:write', '--json']) as { key: string };
  try {
    const scenario = (await (await fetch(`${server.baseUrl}/v1/scenarios/${SCENARIO}`)).json()) as { agents: unknown[] };
    console.log(
      `viewer on ${SCENARIO} (${scenario.agents.length} agents) playing at ${TICKS_PER_SECOND} ticks/s, measured for ${SECONDS} s per browser; machine: ${availableParallelism()} cores, load ${loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}`,
    );
    for (const rendering of RENDERINGS) await measure(rendering, server, key);
    console.log(
      `\nload after: ${loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}`,
    );
  } finally {
    await server.stop();
    dir.remove();
  }
}

await main();
