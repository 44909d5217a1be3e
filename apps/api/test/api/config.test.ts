import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config.js';
import { defaultWorkerCount } from '../../src/engine-work/worker-pool-runner.js';

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

describe('SIM_SSE_PROCESS_QUEUE_BYTES', () => {
  it('is 128 MiB when unset, and taken as bytes when set', () => {
    expect(loadConfig({}).sseProcessQueueBytes).toBe(128 * 1024 * 1024);
    expect(loadConfig({ SIM_SSE_PROCESS_QUEUE_BYTES: '33554432' }).sseProcessQueueBytes).toBe(33_554_432);
  });

  it.each(['0', '1048575', '2.5', 'lots'])('stops the start on %j, naming the variable', (value) => {
    expect(() => loadConfig({ SIM_SSE_PROCESS_QUEUE_BYTES: value })).toThrow(/SIM_SSE_PROCESS_QUEUE_BYTES/);
  });
});

describe('SIM_ENGINE_WORKERS', () => {
  it('is left to the machine when unset or blank (one thread per core but one), and taken as threads when set', () => {
    expect(loadConfig({}).engineWorkers).toBeUndefined();
    expect(loadConfig({ SIM_ENGINE_WORKERS: ' ' }).engineWorkers).toBeUndefined();
    expect(loadConfig({ SIM_ENGINE_WORKERS: '1' }).engineWorkers).toBe(1);
    expect(loadConfig({ SIM_ENGINE_WORKERS: ' 3 ' }).engineWorkers).toBe(3);
    expect(loadConfig({ SIM_ENGINE_WORKERS: '256' }).engineWorkers).toBe(256);
    expect(defaultWorkerCount(1)).toBe(1);
    expect(defaultWorkerCount(8)).toBe(7);
  });

  it.each(['0', '-1', '1.5', 'many', '257'])('stops the start on %j, naming the variable', (value) => {
    expect(() => loadConfig({ SIM_ENGINE_WORKERS: value })).toThrow(ConfigError);
    expect(() => loadConfig({ SIM_ENGINE_WORKERS: value })).toThrow(/SIM_ENGINE_WORKERS/);
  });
});

describe('SIM_PROPHECY_THREADS', () => {
  it('is left to the machine when unset or blank, and taken as threads when set', () => {
    expect(loadConfig({}).prophecyThreads).toBeUndefined();
    expect(loadConfig({ SIM_PROPHECY_THREADS: ' ' }).prophecyThreads).toBeUndefined();
    expect(loadConfig({ SIM_PROPHECY_THREADS: '1' }).prophecyThreads).toBe(1);
    expect(loadConfig({ SIM_PROPHECY_THREADS: ' 4 ' }).prophecyThreads).toBe(4);
  });

  it.each(['0', '-2', '2.5', 'all', '65'])('stops the start on %j, naming the variable', (value) => {
    expect(() => loadConfig({ SIM_PROPHECY_THREADS: value })).toThrow(ConfigError);
    expect(() => loadConfig({ SIM_PROPHECY_THREADS: value })).toThrow(/SIM_PROPHECY_THREADS/);
  });
});

describe('DATABASE_URL and SIM_DATABASE_POOL_SIZE', () => {
  it('selects PostgreSQL for postgres:// and postgresql://, with a pool of 10 connections unless set', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://sim:pw@db.internal:5432/sim' }).database).toEqual({
      kind: 'postgres',
      url: 'postgres://sim:pw@db.internal:5432/sim',
      poolSize: 10,
    });
    expect(loadConfig({ DATABASE_URL: 'postgresql://db/sim', SIM_DATABASE_POOL_SIZE: '25' }).database).toEqual({
      kind: 'postgres',
      url: 'postgresql://db/sim',
      poolSize: 25,
    });
    expect(loadConfig({ DATABASE_URL: 'file:/tmp/sim.db', SIM_DATABASE_POOL_SIZE: '25' }).database).toEqual({ kind: 'sqlite', path: '/tmp/sim.db' });
  });

  it.each(['0', '2.5', 'many', '1001'])('stops the start on a pool size of %j, naming the variable', (value) => {
    expect(() => loadConfig({ DATABASE_URL: 'postgres://db/sim', SIM_DATABASE_POOL_SIZE: value })).toThrow(/SIM_DATABASE_POOL_SIZE/);
  });

  it('refuses a URL of another database', () => {
    expect(() => loadConfig({ DATABASE_URL: 'mysql://db/sim' })).toThrow(/DATABASE_URL: must be file:<path> \(SQLite\) or postgres:\/\//);
  });
});

describe('SIM_ROLE', () => {
  it('is api unless set; worker is taken with PostgreSQL', () => {
    expect(loadConfig({}).role).toBe('api');
    expect(loadConfig({ SIM_ROLE: 'worker', DATABASE_URL: 'postgres://db/sim' }).role).toBe('worker');
  });

  it('refuses worker on SQLite, saying what it needs, and an unknown role', () => {
    expect(() => loadConfig({ SIM_ROLE: 'worker' })).toThrow(/SIM_ROLE: worker needs DATABASE_URL=postgres:\/\//);
    expect(() => loadConfig({ SIM_ROLE: 'worker', DATABASE_URL: 'file:/tmp/sim.db' })).toThrow(ConfigError);
    expect(() => loadConfig({ SIM_ROLE: 'cron' })).toThrow(/SIM_ROLE/);
  });
});

describe('SIM_STORAGE_QUOTAS', () => {
  it('defaults to 256 MiB, 8 GiB and 128 GiB, and takes free,pro,enterprise bytes when set', () => {
    expect(Object.values(loadConfig({}).tierLimits).map((t) => t.storage.quotaBytes)).toEqual([268_435_456, 8_589_934_592, 137_438_953_472]);
    expect(Object.values(loadConfig({ SIM_STORAGE_QUOTAS: '1000, 2000,3000' }).tierLimits).map((t) => t.storage.quotaBytes)).toEqual([1_000, 2_000, 3_000]);
  });

  it('refuses anything but three positive integers', () => {
    for (const value of ['1000,2000', '0,1,2', '-1,2,3', '1e3,2,3', 'a,b,c']) expect(() => loadConfig({ SIM_STORAGE_QUOTAS: value })).toThrow(ConfigError);
  });
});
