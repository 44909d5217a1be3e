/**
 * Ticks per second of every domain at its adapter's example size, with and without prophecies,
 * side by side with the same world without its domain model (the baseline, measured in the same
 * run, so that the ratio says what the model costs whatever the machine's load). Prints
 * figures; asserts nothing.
 *
 *   pnpm bench                                   (root, through turbo)
 *   pnpm --filter @sim/domain-adapters bench
 */
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { Simulation, type ScenarioInput } from '@sim/engine';
import { listAdapters } from '../src/index.js';

/** Wall time spent measuring each case, after a short warm-up. */
const BUDGET_MS = Number(process.env.BENCH_BUDGET_MS ?? 1_500);

function ticksPerSecond(scenario: ScenarioInput): number {
  const sim = Simulation.create(scenario);
  sim.step(3);
  let ticks = 0;
  const start = performance.now();
  while (performance.now() - start < BUDGET_MS && !sim.completed) ticks += sim.step(1);
  return ticks / ((performance.now() - start) / 1000);
}

const withProphecies = (scenario: ScenarioInput, on: boolean): ScenarioInput => ({
  ...scenario,
  rules: { ...scenario.rules, ...(on ? {} : { prophecyInterval: 0 }), maxTicks: 1_000_000 },
});

console.log(`domain models: ticks/s at each adapter's example size (load average ${loadavg().map((l) => l.toFixed(2)).join(' ')})`);
console.log('domain          agents  prophecies  with model  without  ratio');
for (const adapter of listAdapters()) {
  if (adapter.domainModel === undefined) continue;
  const scenario = adapter.toScenario(adapter.inputSchema.parse(adapter.example));
  const { domain: _model, ...bare } = scenario;
  for (const prophecies of [false, true]) {
    const withModel = ticksPerSecond(withProphecies(scenario, prophecies));
    const without = ticksPerSecond(withProphecies(bare, prophecies));
    const row = [
      adapter.id.padEnd(15),
      String(scenario.agents.length).padStart(6),
      (prophecies ? 'on' : 'off').padStart(11),
      withModel.toFixed(0).padStart(11),
      without.toFixed(0).padStart(8),
      (withModel / without).toFixed(2).padStart(6),
    ];
    console.log(row.join(' '));
  }
}
