import { afterEach, describe, expect, it, vi } from 'vitest';

afterEach(() => vi.restoreAllMocks());

describe('README quick start (examples/quick-start.ts)', () => {
  it('runs as written and shows the engine at work', async () => {
    const lines: string[] = [];
    vi.spyOn(console, 'log').mockImplementation((line: unknown) => void lines.push(String(line)));
    // Importing runs the example; tsc checks it through this import too.
    await import('../examples/quick-start.js');
    expect(lines).toContain('tick 41: decree shock applied');
    expect(lines.some((line) => line.startsWith('tick 20: prophecy #1'))).toBe(true);
    expect(lines.some((line) => /^at tick 60: 30 agents/.test(line))).toBe(true);
    expect(lines.at(-1)).toBe('resumed copy matches: true');
  });
});
