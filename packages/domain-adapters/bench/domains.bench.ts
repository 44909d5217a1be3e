/**
 * Ticks per second of every domain at its adapter's example size, with and without prophecies,
 * side by side with the same world without its domain model (the baseline, measured in the same
 * run), and the cost of the model's own step measured alone. Prints figures; asserts nothing.
 *
 *   pnpm bench                                   (root, through turbo)
 *   pnpm --filter @sim/domain-adapters bench
 *
 * With prophecies the two worlds differ in more than the model's step: with the model, forecasts
 * see the domain's failures coming and run the calibrated ensembles that a forecast of loss
 * calls for (docs/engine.md, "Calibrated prophecies (1.3.0)"), which a world without the model,
 * whose basins the agents alone load, often has no reason to run.
 */
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { domainModel, domainWorkPerTick, openStream, Simulation, type ScenarioInput } from '@sim/engine';
import { listAdapters } from '../src/index.js';

/** Wall time spent measuring each case, after a short warm-up. */
const BUDGET_MS = Number(process.env.BENCH_BUDGET_MS ?? 1_500);

/** Ticks per second, or the tick the world completed at when it did before the budget was spent. */
function ticksPerSecond(scenario: ScenarioInput): { rate: number; completedAt: number | null } {
  const sim = Simulation.create(scenario);
  sim.step(3);
  let ticks = 0;
  const start = performance.now();
  while (performance.now() - start < BUDGET_MS && !sim.completed) ticks += sim.step(1);
  return { rate: ticks / ((performance.now() - start) / 1000), completedAt: sim.completed ? sim.tick : null };
}

/** Microseconds per step of the model alone, from its tick-0 state, with no alarm. */
function modelStepMicros(block: NonNullable<ScenarioInput['domain']>): number {
  const model = domainModel(block.model);
  if (model === undefined) return Number.NaN;
  const parameters = model.parametersSchema.parse(block.parameters ?? {});
  const draw = openStream(1, 'domain');
  const alarm = new Float64Array(model.sites(parameters).length);
  let state = model.initialState(parameters);
  let steps = 0;
  const start = performance.now();
  while (performance.now() - start < BUDGET_MS / 3) state = model.step(parameters, state, { tick: ++steps, alarm }, draw);
  return ((performance.now() - start) * 1000) / steps;
}

const withRules = (scenario: ScenarioInput, prophecies: boolean): ScenarioInput => ({
  ...scenario,
  rules: { ...scenario.rules, ...(prophecies ? {} : { prophecyInterval: 0 }), maxTicks: 1_000_000 },
});

const shown = (measured: { rate: number; completedAt: number | null }): string =>
  measured.completedAt !== null && measured.rate === 0 ? `done@${measured.completedAt}` : measured.rate.toFixed(0);

console.log(
  `domain models at each adapter's example size (load average ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')})`,
);
console.log('domain          agents  sites  model step µs  as agent-ticks  weighed at  prophecies  ticks/s with model  without model  ratio');
for (const adapter of listAdapters()) {
  const scenario = adapter.toScenario(adapter.inputSchema.parse(adapter.example));
  if (scenario.domain === undefined) continue;
  const { domain, ...bare } = scenario;
  const sites = domainModel(domain.model)?.sites(domainModel(domain.model)?.parametersSchema.parse(domain.parameters ?? {})).length ?? 0;
  const micros = modelStepMicros(domain);
  // One agent-tick of this world: its tick without prophecies, less the model's step, per agent.
  const agentTickMicros = (() => {
    const measured = ticksPerSecond(withRules(scenario, false));
    return measured.rate > 0 ? (1e6 / measured.rate - micros) / Math.max(1, scenario.agents.length) : Number.NaN;
  })();
  for (const prophecies of [false, true]) {
    const withModel = ticksPerSecond(withRules(scenario, prophecies));
    const without = ticksPerSecond(withRules(bare, prophecies));
    const ratio = without.rate > 0 ? (withModel.rate / without.rate).toFixed(2) : 'n/a';
    const row = [
      adapter.id.padEnd(15),
      String(scenario.agents.length).padStart(6),
      String(sites).padStart(6),
      micros.toFixed(1).padStart(14),
      (micros / agentTickMicros).toFixed(0).padStart(15),
      String(domainWorkPerTick(domain)).padStart(11),
      (prophecies ? 'on' : 'off').padStart(11),
      shown(withModel).padStart(19),
      shown(without).padStart(14),
      ratio.padStart(6),
    ];
    console.log(row.join(' '));
  }
}
