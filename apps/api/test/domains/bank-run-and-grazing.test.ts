import { getAdapter, translate } from '@sim/domain-adapters';
import { Simulation } from '@sim/engine';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseDomainPath, readDomainPath } from '../../src/engine-data/domain-path.js';
import { startTestServer, type TestServer } from '../helpers/test-server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});
const json = async (res: Response): Promise<any> => res.json();

describe('the bank-run and ecosystem domains over HTTP', () => {
  it('GET /v1/domains lists bank-run, with the schema of its banks in state.domain', async () => {
    const list = await json(await server.call('/v1/domains'));
    expect(list.data.map((domain: any) => domain.id)).toEqual(expect.arrayContaining(['ecosystem', 'bank-run']));
    const bank = await json(await server.call('/v1/domains/bank-run'));
    expect(bank.example).toEqual(getAdapter('bank-run')?.example);
    expect(bank.stateSchema.properties.model).toMatchObject({ const: 'bank-run' });
    expect(Object.keys(bank.stateSchema.properties.banks.items.properties)).toEqual(
      expect.arrayContaining(['name', 'deposits', 'liquid', 'illiquid', 'withdrawn', 'failed']),
    );
    const ecosystem = await json(await server.call('/v1/domains/ecosystem'));
    expect(Object.keys(ecosystem.stateSchema.properties.pastures.items.properties)).toEqual(expect.arrayContaining(['name', 'biomass', 'herd']));
  });

  it('from-domain builds a bank run whose state carries the banks, and refuses an exposure to an unknown bank', async () => {
    const created = await server.call('/v1/simulations/from-domain', { key: 'key-a', body: { domain: 'bank-run', input: getAdapter('bank-run')?.example } });
    expect(created.status).toBe(201);
    const { id } = await json(created);
    const stepped = await server.call(`/v1/simulations/${id}/step`, { key: 'key-a', body: { ticks: 2 } });
    expect(stepped.status).toBe(200);
    const state = (await json(await server.call(`/v1/simulations/${id}`, { key: 'key-a' }))).state;
    expect(state.domain.model).toBe('bank-run');
    expect(state.domain.banks.map((bank: any) => bank.name)).toEqual(['Harbour Savings', 'Guild Bank', 'Miners Trust', 'Crown Bank']);
    const input = { banks: [{ name: 'A', deposits: 10, liquid: 5 }], exposures: [{ lender: 'A', borrower: 'Nowhere', amount: 1 }] };
    const refused = await server.call('/v1/simulations/from-domain', { key: 'key-a', body: { domain: 'bank-run', input } });
    expect(refused.status).toBe(400);
    expect((await json(refused)).error.details.issues.map((issue: any) => issue.path)).toContain('input.exposures.0.borrower');
  });
});

describe('experiment metrics on the bank-run and ecosystem domains', () => {
  it('name a bank or a pasture by its name, spaces included', () => {
    const read = (domain: string, path: string, ticks: number) => {
      const result = translate(domain, getAdapter(domain)?.example);
      if (!result.ok) throw new Error('example does not translate');
      const sim = Simulation.create(result.scenario);
      sim.step(ticks);
      const parsed = parseDomainPath(path);
      if (typeof parsed === 'string') throw new Error(parsed);
      return { value: readDomainPath(sim.state().domain, parsed), domain: sim.state().domain as any };
    };
    const bank = read('bank-run', 'banks[Harbour Savings].withdrawn', 3);
    expect(bank.value).toBe(bank.domain.banks[0].withdrawn);
    expect(bank.value).toBeGreaterThan(0);
    const pasture = read('ecosystem', 'pastures[River flats].biomass', 2);
    expect(pasture.value).toBe(pasture.domain.pastures[0].biomass);
    expect(pasture.value).toBeGreaterThan(0);
  });
});
