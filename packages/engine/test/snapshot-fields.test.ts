import { describe, expect, it } from 'vitest';
import { registerDomainModel } from '../src/domain/registry.js';
import { ENGINE_VERSIONS, Simulation, type EngineSnapshot, DEFAULT_ENGINE_VERSION, versionFeatures } from '../src/index.js';
import { WORLD_FIELDS_IN_SNAPSHOT, type SnapshotPlace } from '../src/model/snapshot.js';
import { PREFERENCE_STRIDE, type World } from '../src/model/world.js';
import { reservoirModel } from './domain/reservoir-model.js';
import { crowdedScenario } from './unit-helpers.js';

registerDomainModel(reservoirModel);

// The table must name every world field and only fields of the snapshot format; both are
// compile errors (this file is type-checked with the engine).
// @ts-expect-error a world field without a place in the snapshot does not compile
export const missingField: Readonly<Record<keyof World | 'addedLater', SnapshotPlace>> = WORLD_FIELDS_IN_SNAPSHOT;
// @ts-expect-error a place that is not a field of the snapshot format does not compile
export const unknownPath: SnapshotPlace = 'agents.speed';

type Field = keyof World;
const FIELDS = Object.keys(WORLD_FIELDS_IN_SNAPSHOT) as Field[];

/** The world inside a simulation (private to the engine's API, read here only). */
const worldOf = (sim: Simulation): World => (sim as unknown as { world: World }).world;

/** Scratch with one slot per attractor: slots past the attractors that exist keep whatever a removed one left. */
const PER_ATTRACTOR_SCRATCH: ReadonlySet<Field> = new Set<Field>(['reaction', 'tipAgent', 'tipScore']);

/** The snapshot path a saved or derived field names, or undefined for scratch. */
function pathOf(place: SnapshotPlace): string | undefined {
  if (place === 'scratch') return undefined;
  return place.replace(/^derived from /, '').replace(/ \(length\)$/, '');
}

/**
 * A field's value as far as it means anything: typed arrays cut to the agents and attractors
 * that exist (their spare capacity, and the preference columns of unused attractor slots, are
 * never read), random streams as their state.
 */
function meaningful(world: World, field: Field): unknown {
  const value: unknown = world[field];
  if (field === 'domain') {
    const domain = world.domain;
    return domain === null
      ? null
      : { model: domain.model.id, parameters: domain.parameters, state: domain.state, stream: domain.stream.state(), sites: domain.sites };
  }
  if (typeof value === 'function') return (value as unknown as { state(): unknown }).state();
  if (!(value instanceof Float64Array || value instanceof Int32Array || value instanceof Uint8Array)) return value;
  if (field === 'prefs') {
    return Array.from({ length: world.agentCount }, (_, i) => Array.from(value.subarray(i * PREFERENCE_STRIDE, i * PREFERENCE_STRIDE + world.attractorCount)));
  }
  const place = WORLD_FIELDS_IN_SNAPSHOT[field];
  if (place.startsWith('agents.')) return Array.from(value.subarray(0, world.agentCount));
  if (place.startsWith('attractors.') || PER_ATTRACTOR_SCRATCH.has(field)) return Array.from(value.subarray(0, world.attractorCount));
  return Array.from(value);
}

function at(snapshot: EngineSnapshot, path: string): unknown {
  return path.split('.').reduce<unknown>((node, key) => (node as Record<string, unknown> | null)?.[key], snapshot);
}

const roundTrip = (sim: Simulation): Simulation => Simulation.restore(JSON.parse(JSON.stringify(sim.snapshot())) as EngineSnapshot);

function expectFieldsEqual(restored: World, original: World, fields: readonly Field[], when: string): void {
  for (const field of fields) expect(meaningful(restored, field), `${field} ${when}`).toEqual(meaningful(original, field));
}

/**
 * A run that touches every field: agents added and removed, an attractor added and one removed
 * (its id stays used), a rule changed, losses, warnings, prophecies open and closed, inputs queued.
 */
function busyRun(engineVersion: string): Simulation {
  // 1.4.0 on, one basin is a site of a domain model that draws from its own stream.
  const domain = { model: reservoirModel.id, parameters: { sites: [{ attractor: 'well-0', inflow: 0.2, capacity: 6 }], cut: 0.5, jitter: 0.3 } };
  const scenario = versionFeatures(engineVersion)?.domainModels === true ? { ...crowdedScenario(), domain } : crowdedScenario();
  const sim = Simulation.create(scenario, { engineVersion });
  sim.step(6);
  sim.decree({ type: 'add-attractor', payload: { id: 'late-well', x: 6, y: 14, depth: 2, radius: 2, capacity: 5 } });
  sim.decree({ type: 'add-agent', payload: { id: 'late', marker: { x: 3, y: 17 }, attractorPreferences: { 'late-well': 3 } } });
  sim.decree({ type: 'remove-agent', payload: { id: 'agent-7' } });
  sim.decree({ type: 'set-rule', payload: { rule: 'reflexivity', value: -0.25 } });
  sim.step(5);
  sim.decree({ type: 'remove-attractor', payload: { id: 'well-1' } });
  return sim;
}

describe('WORLD_FIELDS_IN_SNAPSHOT', () => {
  it('names the path of every saved field in what toSnapshot writes', () => {
    // The newest version writes every field (older ones leave out what they do not have, such as `averted`).
    const sim = busyRun(DEFAULT_ENGINE_VERSION);
    sim.step(20);
    const snapshot = sim.snapshot();
    for (const field of FIELDS) {
      const path = pathOf(WORLD_FIELDS_IN_SNAPSHOT[field]);
      if (path !== undefined) expect(at(snapshot, path), `${field} at ${path}`).not.toBeUndefined();
    }
  });

  it.each(ENGINE_VERSIONS)('is what a round trip keeps: every field but scratch equal at once, every field one tick later (%s)', (version) => {
    const saved = FIELDS.filter((field) => WORLD_FIELDS_IN_SNAPSHOT[field] !== 'scratch');
    expect(saved.length).toBeGreaterThan(30);
    const original = busyRun(version);
    const seen = { pending: 0, open: 0, lost: 0, standing: 0 };
    for (let tick = original.tick; tick < 90; tick = original.tick) {
      const restored = roundTrip(original);
      const world = worldOf(original);
      seen.pending += world.pending.length > 0 ? 1 : 0;
      seen.open += world.openProphecies.length > 0 ? 1 : 0;
      seen.lost += world.lostOrder.length > 0 ? 1 : 0;
      seen.standing += world.standing !== null ? 1 : 0;
      expectFieldsEqual(worldOf(restored), world, saved, `after a round trip at tick ${tick}`);
      // The standing prophecy is the open one of its seq, the same object, as in the original.
      expect(worldOf(restored).openProphecies.includes(worldOf(restored).standing as never)).toBe(world.openProphecies.includes(world.standing as never));
      restored.step(1);
      original.step(1);
      expectFieldsEqual(worldOf(restored), worldOf(original), FIELDS, `one tick after a round trip at tick ${tick}`);
      original.step(tick % 3);
    }
    // The run covered what a snapshot has to carry.
    expect(Object.values(seen).every((count) => count > 0)).toBe(true);
  });
});
