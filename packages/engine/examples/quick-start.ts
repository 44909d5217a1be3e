/**
 * The README's quick start: a scenario built in code, stepped without any server.
 *
 *   npx tsx examples/quick-start.ts      (from packages/engine)
 */
import { Simulation, type EngineEvent, type ScenarioInput } from '@sim/engine';

// 1. A scenario: a 32×32 field, a crowded "market" basin that can be eroded, a roomy "refuge".
const scenario: ScenarioInput = {
  seed: 7,
  nodeLabels: { x: 'latency', y: 'capacity' },
  agents: Array.from({ length: 30 }, (_, i) => ({
    id: `trader-${i}`,
    marker: { x: (i * 7) % 32, y: (i * 13) % 32 },
    policy: { lambda: 0.2 + (i % 5) * 0.3, gamma: 0.5 },
    attractorPreferences: { market: 2 },
  })),
  initialState: {
    width: 32,
    height: 32,
    attractors: [
      { id: 'market', x: 10, y: 10, depth: 3, radius: 3, capacity: 8 },
      { id: 'refuge', x: 24, y: 22, depth: 2, radius: 4, capacity: 40 },
    ],
  },
  // Look 15 ticks ahead every 20 ticks; agents flee the losses a prophecy predicts.
  rules: { prophecyInterval: 20, prophecyHorizon: 15, reflexivity: 0.6 },
};

// 2. Create it (throws ScenarioError listing every problem if the scenario is invalid).
const sim = Simulation.create(scenario);

// 3. Step it, listening to events as they happen; nothing is kept unless you keep it.
const describe = (event: EngineEvent): string => {
  switch (event.type) {
    case 'prophecy':
      return `prophecy #${event.data.seq} (${event.data.data.schema})`;
    case 'loss':
      return `basin ${event.data.attractor} lost, tipped by ${event.data.agent}`;
    case 'warning':
      return `stability ${event.data.direction} through ${event.data.threshold}`;
    case 'paradox':
      return `paradox (${event.data.kind}): ${event.data.message}`;
    case 'decree':
      return `decree ${event.data.type} ${event.data.applied ? 'applied' : `refused: ${event.data.reason}`}`;
    case 'policy':
      return `policy of ${event.data.agentId} is now λ=${event.data.policy.lambda}, γ=${event.data.policy.gamma}`;
    case 'completed':
      return `completed: ${event.data.reason}`;
  }
};
sim.step(40, { onEvent: (event) => console.log(`tick ${event.data.tick}: ${describe(event)}`) });

// 4. Intervene: decrees and policy changes apply at the start of the next tick, in order.
sim.decree({ type: 'shock', payload: { x: 10, y: 10, radius: 6, magnitude: 0.8 } }, 'my-shock');
sim.setPolicy('trader-0', { lambda: 2 });

// 5. Or iterate tick by tick, with the trace step and the events of each tick.
for (const { step, events } of sim.run(20)) {
  for (const event of events) console.log(`tick ${step.tick}: ${describe(event)}`);
  if (step.tick % 10 === 0) console.log(`tick ${step.tick}: ${step.move} (stability ${step.state.stability.toFixed(3)})`);
}

// 6. Read the state at any time.
const state = sim.state();
console.log(`at tick ${state.tick}: ${state.agentCount} agents, lost basins [${state.lostBasins.join(', ')}]`);
for (const attractor of state.attractors) console.log(`  ${attractor.id}: depth ${attractor.depth.toFixed(2)} of ${attractor.initialDepth}`);

// 7. Save and resume exactly: a snapshot is plain JSON.
const saved = JSON.stringify(sim.snapshot());
const resumed = Simulation.restore(JSON.parse(saved));
sim.step(25);
resumed.step(25);
console.log(`resumed copy matches: ${JSON.stringify(resumed.state()) === JSON.stringify(sim.state())}`);
