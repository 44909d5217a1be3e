import { Simulation } from '@sim/engine';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { adapterStateJsonSchema, ADAPTERS, translate } from '../src/index.js';

describe.each(ADAPTERS.map((adapter) => [adapter.id, adapter] as const))('%s', (_id, adapter) => {
  it('names a domain model and serves the JSON Schema of state.domain, which every state of its example meets', () => {
    expect(adapter.domainModel, 'every adapter contributes a domain model (engine 1.4.0)').toBeDefined();
    const schema = adapterStateJsonSchema(adapter);
    expect(schema).not.toBeNull();
    const validate = new Ajv2020({ strict: false }).compile(schema as object);
    const result = translate(adapter.id, adapter.example);
    if (!result.ok) throw new Error(`the example of ${adapter.id} does not translate`);
    const sim = Simulation.create(result.scenario);
    for (let tick = 0; tick <= 40 && !sim.completed; tick++) {
      const domain = sim.state().domain;
      expect(domain?.model).toBe(adapter.domainModel);
      expect(validate(domain), JSON.stringify(validate.errors)).toBe(true);
      sim.step(1);
    }
    // A state that is not the model's is refused: the schema says something.
    expect(validate({ model: adapter.domainModel })).toBe(false);
  });
});
