import { describe, expect, it } from 'vitest';
import {
  ENGINE_VERSIONS,
  RULE_DEFAULTS,
  Simulation,
  replay,
  type EngineEvent,
  type EngineState,
  type Loss,
  type Paradox,
  type ProphecyIssued,
  type Rules,
  type ScenarioFile,
  type TraceStep,
  type Warning,
  versionFeatures,
} from '../src/index.js';
import { prophecyScenarioClaims } from './prophecy-scenario-checks.js';
import { listScenarioFiles, READS_REPO_SCENARIOS, runnable, SCENARIOS_DIR } from './scenario-files.js';
import { record, sha256 } from './unit-helpers.js';

/**
 * Two kinds of tests. The generic ones hold for every file in the scenarios folder, whatever it
 * is: a new valid scenario passes them without any edit here. The claims below are keyed to one
 * pre-built scenario each and check what its `note` says under every engine version; a claim
 * whose file is not in the folder is skipped. They assert the behaviour (which basins are lost,
 * in what order, which paradox, what stability range), never numbers copied from a run, so a
 * scenario may be retuned without touching them as long as it still does what its note says.
 */

const entries = listScenarioFiles();
const scenarios = new Map<string, ScenarioFile>(entries.flatMap((entry) => (entry.check.scenario === undefined ? [] : [[entry.name, entry.check.scenario]])));

function scenario(id: string): ScenarioFile {
  const found = scenarios.get(id);
  if (found === undefined) throw new Error(`scenarios/${id}.json is missing or invalid`);
  return found;
}

/** Ticks the generic tests run: enough for prophecies and inputs to matter, cheap for 10 000 agents. */
const GENERIC_TICKS = 30;

/** The trace and events of `ticks` ticks of a fresh simulation, as one hash. */
function traceHash(file: ScenarioFile, engineVersion: string, ticks: number): string {
  return sha256(record(Simulation.create(runnable(file), { engineVersion }), ticks).lines);
}

describe(`scenario files in ${READS_REPO_SCENARIOS ? 'scenarios/' : SCENARIOS_DIR}`, () => {
  it.skipIf(!READS_REPO_SCENARIOS)('hold the scenarios that the README and the docs name', () => {
    for (const id of ['calm-equilibrium', 'basin-cascade', 'self-defeating-prophecy', 'crowded-large']) {
      expect(scenarios.has(id), `scenarios/${id}.json is named in the docs`).toBe(true);
    }
  });

  for (const entry of entries) {
    describe(`${entry.name}.json`, () => {
      it('passes the checks the server and `sim scenarios validate` apply (id = file name included)', () => {
        const problems = entry.check.errors.map((issue) => `${issue.path || '(file)'}: ${issue.message}`);
        expect(problems, `${entry.path} is not a valid scenario file; \`sim scenarios validate\` lists the same problems`).toEqual([]);
      });

      const file = entry.check.scenario;
      const ticks = Math.min(GENERIC_TICKS, file?.rules.maxTicks ?? GENERIC_TICKS);
      for (const version of ENGINE_VERSIONS) {
        it.skipIf(file === undefined)(
          `runs deterministically under engine ${version}: same trace twice, after replay and after restore`,
          () => {
            const valid = file as ScenarioFile;
            const live = traceHash(valid, version, ticks);
            expect(traceHash(valid, version, ticks), 'a second run of the same scenario differs').toBe(live);

            // Replaying the scenario with an empty input log rebuilds the same trace.
            const replayed = { lines: [] as string[] };
            replay(runnable(valid), [], ticks, {
              engineVersion: version,
              onEvent: (event) => void replayed.lines.push(JSON.stringify(event)),
              onStep: (step) => void replayed.lines.push(JSON.stringify(step)),
            });
            expect(sha256(replayed.lines), 'replay differs from the live run').toBe(live);

            // A run forked half-way through a JSON snapshot goes on exactly as the original.
            const half = Math.floor(ticks / 2);
            const original = Simulation.create(runnable(valid), { engineVersion: version });
            const head = record(original, half);
            const restored = Simulation.restore(JSON.parse(JSON.stringify(original.snapshot())));
            expect(sha256([...head.lines, ...record(restored, ticks - half).lines]), 'a restored snapshot continues differently').toBe(live);

            // The state is well-formed at the end: the tick advanced (a collapse may end a run early), stability in [0, 1].
            const state = restored.state();
            expect(state.tick).toBeGreaterThan(0);
            expect(state.tick).toBeLessThanOrEqual(ticks);
            expect(state.stability).toBeGreaterThanOrEqual(0);
            expect(state.stability).toBeLessThanOrEqual(1);
            // Four runs of the largest scenario take seconds, more while the calibration suite
            // fills the other core: vitest's 5 s would fail a correct engine.
          },
          60_000,
        );
      }
    });
  }
});

/** What a run produced: events, and the stability, move (when asked for) and state of every tick. */
interface Run {
  events: EngineEvent[];
  stability: number[];
  moves: string[];
  states: EngineState[];
  simulation: Simulation;
}

/**
 * Runs a scenario, optionally with some rules overridden (the counterfactuals). Moves come from
 * the full trace step, which lists every agent, so they are only kept when asked for.
 */
function runScenario(file: ScenarioFile, engineVersion: string, ticks: number, rules: Rules = {}, withMoves = false): Run {
  const base = runnable(file);
  const simulation = Simulation.create({ ...base, rules: { ...base.rules, ...rules } }, { engineVersion });
  const run: Run = { events: [], stability: [], moves: [], states: [], simulation };
  const onEvent = (event: EngineEvent): void => void run.events.push(event);
  const onStep = withMoves ? (step: TraceStep): void => void run.moves.push(step.move) : undefined;
  for (let t = 0; t < ticks && !simulation.completed; t++) {
    simulation.step(1, { onEvent, onStep });
    const state = simulation.state();
    run.states.push(state);
    run.stability.push(state.stability);
  }
  return run;
}

const losses = (run: Run): Loss[] => run.events.flatMap((e) => (e.type === 'loss' ? [e.data] : []));
const warnings = (run: Run): Warning[] => run.events.flatMap((e) => (e.type === 'warning' ? [e.data] : []));
const paradoxes = (run: Run): Paradox[] => run.events.flatMap((e) => (e.type === 'paradox' ? [e.data] : []));
const prophecies = (run: Run): ProphecyIssued[] => run.events.flatMap((e) => (e.type === 'prophecy' ? [e.data] : []));

/** A prophecy's loss probability for one basin, whatever the shape of its data (1.0.0 or 1.1.0). */
function lossProbability(prophecy: ProphecyIssued, attractor: string): number | undefined {
  const { data } = prophecy;
  if (data.schema === 'prophecy/1') return data.basins.find((b) => b.attractor === attractor)?.lossProbability;
  return data.basins[attractor]?.lossProbability;
}

const min = (values: readonly number[]): number => values.reduce((a, b) => Math.min(a, b), Infinity);
const agentIds = (file: ScenarioFile): Set<string> => new Set(file.agents.map((a) => a.id));

/** Per pre-built scenario (by file name): the claims of its note, checked under one engine version. */
const CLAIMS: Record<string, (version: string) => void> = {
  'calm-equilibrium': (version) => {
    const file = scenario('calm-equilibrium');
    const run = runScenario(file, version, 300);
    expect(losses(run)).toEqual([]);
    expect(warnings(run)).toEqual([]);
    expect(paradoxes(run)).toEqual([]);
    // Stability never reaches the highest warning threshold, and is high once agents settle.
    const highest = Math.max(...(file.rules.warningThresholds ?? RULE_DEFAULTS.warningThresholds));
    expect(min(run.stability)).toBeGreaterThan(highest);
    expect(min(run.stability.slice(30))).toBeGreaterThan(0.75);
    // No basin is ever overloaded or eroded.
    for (const state of run.states) {
      for (const attractor of state.attractors) {
        expect(attractor.load).toBeLessThanOrEqual(attractor.capacity);
        expect(attractor.depth).toBe(attractor.initialDepth);
      }
    }
    // Every agent ends in a basin, and every prophecy saw no loss coming.
    expect(run.simulation.agents().every((agent) => agent.state.basin !== null)).toBe(true);
    const forecasts = prophecies(run);
    expect(forecasts.length).toBeGreaterThan(0);
    for (const prophecy of forecasts) for (const a of file.initialState.attractors) expect(lossProbability(prophecy, a.id)).toBe(0);
  },

  'basin-cascade': (version) => {
    const file = scenario('basin-cascade');
    const run = runScenario(file, version, 300);
    const lost = losses(run);
    const byWest = [...file.initialState.attractors].sort((a, b) => a.x - b.x);
    // Several basins fall one after another, from the agents' starting basin outward.
    expect(lost.length).toBeGreaterThanOrEqual(3);
    expect(lost.map((l) => l.attractor)).toEqual(byWest.slice(0, lost.length).map((a) => a.id));
    for (let i = 1; i < lost.length; i++) expect((lost[i] as Loss).tick).toBeGreaterThan((lost[i - 1] as Loss).tick);
    const ids = agentIds(file);
    for (const loss of lost) {
      // Each is lost to overload (the refugees), with its full initial depth as magnitude.
      expect(loss.load).toBeGreaterThan(loss.capacity);
      expect(loss.magnitude).toBe(file.initialState.attractors.find((a) => a.id === loss.attractor)?.depth);
      expect(ids.has(loss.agent)).toBe(true);
    }
    // The last refuge holds.
    const refuge = byWest[byWest.length - 1]?.id as string;
    expect(run.states[run.states.length - 1]?.lostBasins).not.toContain(refuge);
    // Warnings fall through every threshold, highest first.
    const falling = warnings(run).filter((w) => w.direction === 'falling');
    const thresholds = [...(file.rules.warningThresholds ?? RULE_DEFAULTS.warningThresholds)].sort((a, b) => b - a);
    expect(falling.map((w) => w.threshold)).toEqual(thresholds);
    for (const warning of falling) expect(warning.value).toBeLessThan(warning.threshold);
  },

  'self-defeating-prophecy': (version) => {
    const file = scenario('self-defeating-prophecy');
    const confidence = file.rules.paradoxConfidence ?? RULE_DEFAULTS.paradoxConfidence;
    expect(file.rules.reflexivity ?? RULE_DEFAULTS.reflexivity).toBeGreaterThan(0);
    const run = runScenario(file, version, 300);

    // A prophecy predicts the loss of "doomed" with high confidence ...
    const confident = prophecies(run).find((p) => (lossProbability(p, 'doomed') ?? 0) >= confidence);
    expect(confident, 'no prophecy was confident that "doomed" would be lost').toBeDefined();
    // ... the agents flee, so it is never lost ...
    expect(losses(run)).toEqual([]);
    // ... and when that prophecy's horizon closes the engine says so.
    const averted = paradoxes(run).filter((p) => p.kind === 'averted' && p.attractor === 'doomed');
    expect(averted.length).toBeGreaterThan(0);
    const first = averted[0] as Paradox;
    expect(first.prophecy).toEqual({ seq: confident?.seq, tick: confident?.tick });
    // From 1.2.0 on the verdict waits a horizon after the forecast loss tick (docs/engine.md).
    if (versionFeatures(version)?.verdictsWaitForOutcome) expect(first.tick).toBeGreaterThan((confident?.tick ?? 0) + (confident?.data.horizon ?? 0));
    else expect(first.tick).toBe((confident?.tick ?? 0) + (confident?.data.horizon ?? 0));
    expect(first.predictedLossProbability).toBeGreaterThanOrEqual(confidence);

    // Without the agents' reaction the prophecy would have come true.
    const unmoved = runScenario(file, version, 300, { reflexivity: 0 });
    const lost = losses(unmoved).find((l) => l.attractor === 'doomed');
    expect(lost, 'with reflexivity 0 "doomed" should be lost').toBeDefined();
    expect(lost?.tick).toBeLessThanOrEqual((confident?.tick ?? 0) + (confident?.data.horizon ?? 0));
    expect(paradoxes(unmoved).filter((p) => p.kind === 'averted' && p.attractor === 'doomed')).toEqual([]);
  },

  'self-fulfilling-prophecy': (version) => {
    const file = scenario('self-fulfilling-prophecy');
    const confidence = file.rules.paradoxConfidence ?? RULE_DEFAULTS.paradoxConfidence;
    expect(file.rules.reflexivity ?? RULE_DEFAULTS.reflexivity).toBeLessThan(0);
    const run = runScenario(file, version, 300);

    // The first prophecy is not confident: it gives "lure" a moderate chance of loss.
    const first = prophecies(run)[0] as ProphecyIssued;
    const p = lossProbability(first, 'lure') ?? 0;
    expect(p).toBeGreaterThan(0);
    expect(p).toBeLessThan(confidence);
    // Agents crowd into the forecast loss, and it happens, overloaded, after that prophecy.
    const lost = losses(run).find((l) => l.attractor === 'lure');
    expect(lost, '"lure" should be lost').toBeDefined();
    expect(lost?.tick).toBeGreaterThan(first.tick);
    expect(lost?.load).toBeGreaterThan(lost?.capacity ?? Infinity);
    // It was foreseen, so no paradox names it; and the haven survives.
    expect(paradoxes(run).filter((x) => x.attractor === 'lure')).toEqual([]);
    expect(losses(run).map((l) => l.attractor)).toEqual(['lure']);

    // Without the reaction, the same scenario keeps "lure" for the whole run.
    const unmoved = runScenario(file, version, 300, { reflexivity: 0 });
    expect(losses(unmoved)).toEqual([]);
    expect(lossProbability(prophecies(unmoved)[0] as ProphecyIssued, 'lure')).toBe(p);
  },

  'shock-prone-valley': (version) => {
    const file = scenario('shock-prone-valley');
    expect(file.initialState.terrain).toBeDefined();
    const run = runScenario(file, version, 300, {}, true);
    // Ticks whose move reports a random environment shock.
    const shocks = run.moves.flatMap((move, t) => (move.includes('environment shock at (') ? [t + 1] : []));
    expect(shocks.length).toBeGreaterThanOrEqual(3);
    // No basin is ever overloaded, yet one is lost: the environment did it.
    for (const state of run.states) for (const attractor of state.attractors) expect(attractor.load).toBeLessThanOrEqual(attractor.capacity);
    const lost = losses(run);
    expect(lost.length).toBeGreaterThan(0);
    for (const loss of lost) {
      expect(loss.load).toBeLessThanOrEqual(loss.capacity);
      expect(shocks.some((tick) => tick <= loss.tick)).toBe(true);
    }
    // Agents drift downhill into the valley (y = 16).
    const spread = (ys: readonly number[]): number => ys.reduce((s, y) => s + Math.abs(y - 16), 0) / ys.length;
    const before = spread(file.agents.map((a) => a.marker.y));
    const after = spread(run.simulation.agents().map((a) => a.state.y));
    expect(after).toBeLessThan(before / 2);
    // Without shocks nothing is lost.
    expect(losses(runScenario(file, version, 300, { shockRate: 0 }))).toEqual([]);
  },

  'crowded-large': (version) => {
    const file = scenario('crowded-large');
    expect(file.agents.length).toBeGreaterThanOrEqual(2000);
    expect(file.initialState.width * file.initialState.height).toBeGreaterThanOrEqual(128 * 128);
    const run = runScenario(file, version, 100);
    expect(min(run.stability)).toBeGreaterThan(0.5);
    // The deep centre well is overloaded and is the only basin lost in the first 100 ticks.
    const lost = losses(run);
    expect(lost.map((l) => l.attractor)).toEqual(['well-1-1']);
    expect(lost[0]?.load).toBeGreaterThan(lost[0]?.capacity ?? Infinity);
    const centre = file.initialState.attractors.find((a) => a.id === 'well-1-1');
    expect(centre?.depth).toBe(Math.max(...file.initialState.attractors.map((a) => a.depth)));
    // A prophecy had forecast it before it happened.
    const foreseen = prophecies(run).find((p) => p.tick < (lost[0]?.tick ?? 0) && (lossProbability(p, 'well-1-1') ?? 0) > 0);
    expect(foreseen).toBeDefined();
  },

  ...prophecyScenarioClaims(scenario),
};

// Each claim runs only when its scenario is in the folder: a folder without it skips the claim.
for (const [id, claim] of Object.entries(CLAIMS)) {
  describe.skipIf(!scenarios.has(id))(`${id} does what its note says`, () => {
    for (const version of ENGINE_VERSIONS) {
      it(`under engine ${version}`, () => claim(version), 30_000);
    }
  });
}
