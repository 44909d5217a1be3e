/**
 * Engine 1.3.0's claims against what the world does, side by side with 1.2.0, and what they cost.
 * Prints figures; asserts nothing (the assertions are in test/prophecy-calibration.test.ts).
 *
 *   pnpm --filter @sim/engine bench      (after engine.bench.ts)
 *
 * Per pre-built scenario, over seeds 1…SEEDS:
 * - Brier: mean of (published loss probability − lost within the horizon in the main world)²
 *   over every basin of every prophecy of the first TICKS ticks.
 * - reign agreement: the share of conclusive verdicts that the independent counterfactual of
 *   the reign (main world restored at the prophecy, reseeded paired arms, later prophecies off)
 *   confirms where it is conclusive too; `later kept`: the same with later prophecies on, the
 *   review's method (removing one prophecy, keeping the ones after it).
 * - inconclusive: the share of contested basins whose verdict stays open.
 * Then the stability of conclusive verdicts when the same prophecies are recomputed on other
 * branch streams (seeds 1…BENCH_STABILITY_SEEDS, default 20; the scenarios the test suite checks): how many stay,
 * flip to another conclusive verdict, or become inconclusive; and the same with the published
 * forecast held, only its verdicts judged on other branches (RestoreOptions.verdictStreams);
 * with BENCH_STABILITY_BRANCHES=16,32 also with every scenario's prophecyBranches set to each.
 * Then the cost of a 1.3.0 run of crowded-large at default rules against 1.2.0, on one core.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { Simulation, type EngineEvent, type ScenarioInput } from '../src/index.js';
import { contestedBasins, independentEffect, propheciesOf } from '../test/calibration/independent-check.js';
import { STABILITY_SCENARIOS, verdictStability } from '../test/calibration/verdict-stability.js';

const SCENARIOS_DIR = new URL('../../../scenarios/', import.meta.url);
const SEEDS = Number(process.env.BENCH_CALIBRATION_SEEDS ?? 8);
const TICKS = 120;
const REPLICATES = 16;

function load(): Map<string, ScenarioInput> {
  const found = new Map<string, ScenarioInput>();
  for (const name of readdirSync(SCENARIOS_DIR)
    .filter((file) => file.endsWith('.json'))
    .sort()) {
    const {
      id,
      label: _label,
      tags: _tags,
      note: _note,
      ...scenario
    } = JSON.parse(readFileSync(new URL(name, SCENARIOS_DIR), 'utf8')) as ScenarioInput & { id: string; label: string; tags: string[]; note: string };
    found.set(id, scenario);
  }
  return found;
}

interface Brier {
  sum: number;
  count: number;
  /** Over the basins at stake only: forecast above 0, or lost within the horizon. */
  stakeSum: number;
  stakeCount: number;
}

function brier(scenario: ScenarioInput, engineVersion: string, ticks: number): Brier {
  const events: EngineEvent[] = [];
  Simulation.create(scenario, { engineVersion }).step(ticks + 80, { onEvent: (event) => void events.push(event) });
  const lossAt = new Map<string, number>();
  for (const event of events) if (event.type === 'loss') lossAt.set(event.data.attractor, event.data.tick);
  const score: Brier = { sum: 0, count: 0, stakeSum: 0, stakeCount: 0 };
  for (const event of events) {
    if (event.type !== 'prophecy' || event.data.tick > ticks) continue;
    const data = event.data.data;
    const forecasts =
      data.schema === 'prophecy/1'
        ? data.basins.map((b) => [b.attractor, b.lossProbability] as const)
        : Object.entries(data.basins).map(([id, b]) => [id, b.lossProbability] as const);
    for (const [id, p] of forecasts) {
      const lost = lossAt.get(id);
      const outcome = lost !== undefined && lost > data.tick && lost <= data.tick + data.horizon ? 1 : 0;
      score.sum += (p - outcome) ** 2;
      score.count++;
      if (p > 0 || outcome === 1) {
        score.stakeSum += (p - outcome) ** 2;
        score.stakeCount++;
      }
    }
  }
  return score;
}

const scenarios = load();
const pct = (part: number, whole: number): string => (whole === 0 ? '—' : `${((100 * part) / whole).toFixed(0)} %`);
console.log(`\ncalibration over seeds 1–${SEEDS}, ${TICKS} ticks (Brier: lower is better; agreement where both are conclusive)`);
console.log('scenario                   Brier 1.2.0  Brier 1.3.0  at stake 1.2.0  at stake 1.3.0  reign agreement  later kept  inconclusive');
for (const [id, base] of scenarios) {
  const large = id === 'crowded-large';
  const seeds = large ? Math.min(SEEDS, 3) : SEEDS;
  const ticks = large ? 80 : TICKS;
  const old: Brier = { sum: 0, count: 0, stakeSum: 0, stakeCount: 0 };
  const now: Brier = { sum: 0, count: 0, stakeSum: 0, stakeCount: 0 };
  let agree = 0;
  let compared = 0;
  let agreeLater = 0;
  let comparedLater = 0;
  let contested = 0;
  let inconclusive = 0;
  for (let seed = 1; seed <= seeds; seed++) {
    const scenario = { ...base, seed };
    const a = brier(scenario, '1.2.0', ticks);
    const b = brier(scenario, '1.3.0', ticks);
    for (const key of ['sum', 'count', 'stakeSum', 'stakeCount'] as const) {
      old[key] += a[key];
      now[key] += b[key];
    }
    for (const moment of propheciesOf(scenario, ticks, (data) => contestedBasins(data).length > 0, large ? 1 : 2)) {
      for (const [attractor, basin] of contestedBasins(moment.data)) {
        contested++;
        if (basin.attribution.verdict === 'inconclusive') {
          inconclusive++;
          continue;
        }
        const reign = independentEffect(moment, attractor, REPLICATES);
        if (reign.verdict !== 'inconclusive') {
          compared++;
          if (reign.verdict === basin.attribution.verdict) agree++;
        }
        if (large) continue;
        const later = independentEffect(moment, attractor, REPLICATES, { laterProphecies: true });
        if (later.verdict !== 'inconclusive') {
          comparedLater++;
          if (later.verdict === basin.attribution.verdict) agreeLater++;
        }
      }
    }
  }
  console.log(
    [
      id.padEnd(25),
      (old.count ? (old.sum / old.count).toFixed(3) : '—').padStart(11),
      (now.count ? (now.sum / now.count).toFixed(3) : '—').padStart(11),
      (old.stakeCount ? `${(old.stakeSum / old.stakeCount).toFixed(3)} (${old.stakeCount})` : '—').padStart(14),
      (now.stakeCount ? `${(now.stakeSum / now.stakeCount).toFixed(3)} (${now.stakeCount})` : '—').padStart(14),
      `${pct(agree, compared)} of ${compared}`.padStart(15),
      (large ? 'not run' : `${pct(agreeLater, comparedLater)} of ${comparedLater}`).padStart(10),
      `${pct(inconclusive, contested)} of ${contested}`.padStart(12),
    ].join('  '),
  );
}

// Stability: the same prophecies on other branch streams (test/prophecy-calibration.test.ts asserts the bounds).
// BENCH_STABILITY_BRANCHES=16,32 also measures it with every scenario's prophecyBranches set to each value.
{
  const seeds = Array.from({ length: Number(process.env.BENCH_STABILITY_SEEDS ?? 20) }, (_, i) => i + 1);
  const branchCounts = (process.env.BENCH_STABILITY_BRANCHES ?? '')
    .split(',')
    .filter((value) => value.trim() !== '')
    .map(Number);
  for (const prophecyBranches of [undefined, ...branchCounts]) {
    const input = (id: string, seed: number): ScenarioInput => {
      const found = scenarios.get(id);
      if (found === undefined) throw new Error(`scenarios/${id}.json is missing`);
      return prophecyBranches === undefined ? { ...found, seed } : { ...found, seed, rules: { ...found.rules, prophecyBranches } };
    };
    const { conclusive, bothConclusive, flipped, abstained } = verdictStability(input, STABILITY_SCENARIOS, seeds);
    const stayed = conclusive - flipped.length - abstained.length;
    const branches = prophecyBranches === undefined ? "the scenarios' own prophecyBranches" : `prophecyBranches ${prophecyBranches}`;
    console.log(`\nverdict stability on other branch streams, seeds 1–${seeds.length}, ${STABILITY_SCENARIOS.length} scenarios, ${branches}`);
    console.log(
      `  conclusive verdicts ${conclusive}: stay ${stayed} (${pct(stayed, conclusive)}), become inconclusive ${abstained.length} (${pct(abstained.length, conclusive)}), flip ${flipped.length}`,
    );
    console.log(
      `  of the ${bothConclusive} conclusive on both streams: the same ${bothConclusive - flipped.length} (${pct(bothConclusive - flipped.length, bothConclusive)})`,
    );
    const held = verdictStability(input, STABILITY_SCENARIOS, seeds, { heldForecast: true });
    const heldStayed = held.conclusive - held.flipped.length - held.abstained.length;
    console.log(
      `  the same forecast, its verdicts judged again on other branches: of ${held.conclusive} conclusive, stay ${heldStayed} (${pct(heldStayed, held.conclusive)}), become inconclusive ${held.abstained.length}, flip ${held.flipped.length}`,
    );
  }
}

// Cost: crowded-large at default rules, 100 ticks, one core, 1.2.0 and 1.3.0 taking turns.
{
  const base = scenarios.get('crowded-large');
  if (base !== undefined) {
    const times: Record<string, number[]> = { '1.2.0': [], '1.3.0': [] };
    const branchTicks: number[] = [];
    for (let round = 0; round < 3; round++) {
      for (const version of ['1.2.0', '1.3.0']) {
        const sim = Simulation.create(base, { engineVersion: version });
        let ticks = 0;
        const start = performance.now();
        sim.step(100, {
          onEvent: (event) => void (event.type === 'prophecy' && event.data.data.schema === 'prophecy/4' && (ticks += event.data.data.branchTicks)),
        });
        times[version]?.push(performance.now() - start);
        if (version === '1.3.0') branchTicks.push(ticks);
      }
    }
    const median = (values: number[]): number => [...values].sort((x, y) => x - y)[Math.floor(values.length / 2)] as number;
    const old = median(times['1.2.0'] as number[]);
    const now = median(times['1.3.0'] as number[]);
    console.log(`\ncrowded-large, 100 ticks at default rules, one core, median of 3 taking turns:`);
    console.log(
      `  1.2.0 ${old.toFixed(0)} ms, 1.3.0 ${now.toFixed(0)} ms: 1.3.0 / 1.2.0 = ${(now / old).toFixed(2)} (target ≤ 1); 1.3.0 branch ticks ${median(branchTicks)}`,
    );
  }
}
