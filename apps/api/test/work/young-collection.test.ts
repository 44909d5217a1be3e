import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { collectYoungGeneration } from '../../src/engine-work/young-collection.js';
import { waitFor } from '../helpers/wait-for.js';

const MODULE = fileURLToPath(new URL('../../src/engine-work/young-collection.ts', import.meta.url));

const SIZE = 32 << 20;
const arrayBuffers = (): number => process.memoryUsage().arrayBuffers;

describe('collectYoungGeneration (docs/operations.md, "Memory")', () => {
  it('frees the memory of a buffer that died young at once, where it would wait for the heap to fill', async () => {
    // A collection of the runner's own may come first and free it: then the case proves nothing
    // and is drawn again.
    for (let attempt = 1; ; attempt++) {
      // Made and dropped in a function of its own: nothing on this stack refers to it after.
      const held = ((): number => {
        new Uint8Array(SIZE).fill(1);
        return arrayBuffers();
      })();
      expect(held).toBeGreaterThanOrEqual(SIZE);
      await new Promise((resolve) => setImmediate(resolve));
      // Without the collection a 32 MB buffer (a few bytes of heap) waits: the heap barely grew.
      if (arrayBuffers() < held - SIZE / 2) {
        expect(attempt, 'every attempt was collected before the call').toBeLessThan(5);
        continue;
      }
      collectYoungGeneration();
      // The collection finds the buffer dead at once; V8 may free its memory on a helper thread
      // just after (concurrent array-buffer sweeping), which a loaded machine can delay: wait for
      // that, but far less than the heap would take to fill on its own.
      await waitFor(
        () => arrayBuffers() < held - SIZE / 2,
        2000,
        () => `still ${arrayBuffers()} bytes of buffers 2 s after the collection (held ${held})`,
      );
      expect(arrayBuffers()).toBeLessThan(held - SIZE / 2);
      return;
    }
  });

  it('can be called again (the collector is looked up once)', () => {
    expect(() => {
      collectYoungGeneration();
      collectYoungGeneration();
    }).not.toThrow();
  });

  it('does nothing, and throws nothing, in a node that gives no gc (its name changed by --expose-gc-as)', () => {
    const script = `import { collectYoungGeneration } from ${JSON.stringify(MODULE)}; collectYoungGeneration(); collectYoungGeneration(); console.log('called twice');`;
    const result = spawnSync(process.execPath, ['--expose-gc-as=collectNow', '--import', 'tsx', '--input-type=module', '-e', script], {
      encoding: 'utf8',
      cwd: fileURLToPath(new URL('../..', import.meta.url)),
    });
    expect(result.stderr).toBe('');
    expect(result.stdout.trim()).toBe('called twice');
    expect(result.status).toBe(0);
  });
});
