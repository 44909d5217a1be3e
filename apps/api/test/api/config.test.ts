import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config.js';

describe('SIM_TRUST_PROXY', () => {
  it('defaults to the socket address (unset or blank)', () => {
    expect(loadConfig({}).trustProxy).toEqual({ kind: 'socket' });
    expect(loadConfig({ SIM_TRUST_PROXY: ' ' }).trustProxy).toEqual({ kind: 'socket' });
  });

  it('takes a number of proxy hops (0 to 10) or the name of a header', () => {
    expect(loadConfig({ SIM_TRUST_PROXY: '0' }).trustProxy).toEqual({ kind: 'hops', hops: 0 });
    expect(loadConfig({ SIM_TRUST_PROXY: '2' }).trustProxy).toEqual({ kind: 'hops', hops: 2 });
    expect(loadConfig({ SIM_TRUST_PROXY: 'X-Real-IP' }).trustProxy).toEqual({ kind: 'header', name: 'x-real-ip' });
  });

  it.each(['true', 'yes please', '11', '-1', '1.5', 'X_Real_IP'])('refuses %j, naming the variable', (value) => {
    expect(() => loadConfig({ SIM_TRUST_PROXY: value })).toThrow(ConfigError);
    expect(() => loadConfig({ SIM_TRUST_PROXY: value })).toThrow(/SIM_TRUST_PROXY: must be a number of proxy hops/);
  });
});

describe('SIM_CHECKPOINT_INTERVAL', () => {
  it('is left to the world’s size when unset, and taken as ticks when set', () => {
    expect(loadConfig({}).checkpointInterval).toBeUndefined();
    expect(loadConfig({ SIM_CHECKPOINT_INTERVAL: '250' }).checkpointInterval).toBe(250);
  });

  it.each(['0', '9', '2.5', 'often', '1000001'])('stops the start on %j, naming the variable', (value) => {
    expect(() => loadConfig({ SIM_CHECKPOINT_INTERVAL: value })).toThrow(/SIM_CHECKPOINT_INTERVAL/);
  });
});
