import { describe, expect, it } from 'vitest';
import { checkScenarioFile, flagDuplicateIds } from '../src/index.js';

const valid = {
  id: 'two-wells',
  label: 'Two wells',
  note: 'Agents settle in the deeper well.',
  seed: 7,
  initialState: { width: 8, height: 8, attractors: [{ id: 'w', x: 4, y: 4, depth: 2, radius: 2, capacity: 10 }] },
  agents: [{ id: 'a', marker: { x: 1, y: 1 } }],
};
const text = (value: unknown): string => JSON.stringify(value);

describe('checkScenarioFile', () => {
  it('accepts a valid file named by its id, defaults filled in', () => {
    const check = checkScenarioFile('two-wells.json', text(valid));
    expect(check).toMatchObject({ ok: true, id: 'two-wells', errors: [], warnings: [] });
    expect(check.scenario?.tags).toEqual([]);
  });

  it('makes an id other than the file name an error, not a warning', () => {
    const check = checkScenarioFile('other-name.json', text(valid));
    expect(check.ok).toBe(false);
    expect(check.scenario).toBeUndefined();
    expect(check.errors).toEqual([{ path: 'id', message: expect.stringContaining('"two-wells" differs from the file name') }]);
  });

  it('reports every problem of a file in one pass, cross-references and the file name included', () => {
    const broken = {
      ...valid,
      id: 'not-this',
      seed: 'seven',
      colour: 'blue',
      initialState: {
        width: 8,
        height: 8,
        attractors: [
          { id: 'w', x: 4, y: 4, depth: -1, radius: 2, capacity: 10 },
          { id: 'w', x: 40, y: 4, depth: 2, radius: 2, capacity: 10 },
        ],
      },
      agents: [
        { id: 'a', marker: { x: 1, y: 9 } },
        { id: 'a', marker: { x: 1, y: 1 }, attractorPreferences: { ghost: 2 } },
      ],
    };
    const { ok, errors } = checkScenarioFile('two-wells.json', text(broken));
    expect(ok).toBe(false);
    expect(errors.map((e) => e.path).sort()).toEqual(
      [
        'agents.0.marker.y',
        'agents.1.attractorPreferences.ghost',
        'agents.1.id',
        'colour',
        'id',
        'initialState.attractors.0.depth',
        'initialState.attractors.1.id',
        'initialState.attractors.1.x',
        'seed',
      ].sort(),
    );
    expect(errors.find((e) => e.path === 'agents.1.attractorPreferences.ghost')?.message).toBe('unknown attractor "ghost"');
  });

  it('says why a file that is not JSON fails, at the path of the whole file', () => {
    expect(checkScenarioFile('x.json', '{ "id": ')).toMatchObject({
      ok: false,
      id: undefined,
      errors: [{ path: '', message: expect.stringMatching(/^not valid JSON/) }],
    });
  });

  it('reads a file that begins with a byte-order mark, and places a JSON error at its line and column', () => {
    expect(checkScenarioFile('two-wells.json', `\uFEFF${text(valid)}`).ok).toBe(true);
    const broken = checkScenarioFile('x.json', '{\n  "id": "x",\n  "label" 5\n}');
    expect(broken.errors).toEqual([{ path: '', message: expect.stringMatching(/^not valid JSON: .* \(line 3, column 11\)$/) }]);
  });

  it('places on one line, at its line and column, a character JSON refuses without a position, and a text that ends too soon', () => {
    const head = '{\n  "id": "x",\n  "seed": ';
    // The value starts on line 3, column 11.
    for (const value of ['NaN', '+3', '.5', "'seven'", 'undefined']) {
      const { errors } = checkScenarioFile('x.json', `${head}${value},\n  "label": "L"\n}`);
      expect(errors, value).toEqual([{ path: '', message: expect.stringMatching(/^not valid JSON: [^\n]* \(line 3, column 11\)$/) }]);
    }
    // A string of the text before the bad value (its quote is fine there) does not mislead the search.
    const { errors } = checkScenarioFile('x.json', `{\n  "label": "N + . ' u",\n  "seed": NaN\n}`);
    expect(errors[0]?.message).toMatch(/\(line 3, column 11\)$/);
    expect(checkScenarioFile('x.json', '').errors[0]?.message).toMatch(/\(line 1, column 1\)$/);
    expect(checkScenarioFile('x.json', '{\n  "id": "x",\n').errors[0]?.message).toMatch(/\(line 3, column 1\)$/);
  });

  it('says that a file whose whole is not an object is not one, where the cross-checks threw', () => {
    for (const [whole, kind] of [
      ['[]', 'array'],
      ['null', 'null'],
      ['"s"', 'string'],
      ['5', 'number'],
      ['true', 'boolean'],
    ]) {
      expect(checkScenarioFile('x.json', whole as string)).toEqual({
        ok: false,
        id: undefined,
        scenario: undefined,
        errors: [{ path: '', message: `Invalid input: expected object, received ${kind}` }],
        warnings: [],
      });
    }
  });

  it('warns, without failing, of an empty note and of a file the server would not load', () => {
    expect(checkScenarioFile('two-wells.json', text({ ...valid, note: ' ' }))).toMatchObject({
      ok: true,
      warnings: [{ path: 'note', message: expect.any(String) }],
    });
    expect(checkScenarioFile('two-wells.txt', text(valid))).toMatchObject({ ok: true, warnings: [{ path: '', message: expect.stringContaining('*.json') }] });
  });

  it('reports the warnings of a file that has errors too, in the same pass', () => {
    const check = checkScenarioFile('two-wells.txt', text({ ...valid, note: '', seed: 'seven' }));
    expect(check.ok).toBe(false);
    expect(check.errors.map((e) => e.path)).toEqual(['seed']);
    expect(check.warnings.map((w) => w.path).sort()).toEqual(['', 'note']);
    // Without a note at all, as without a valid file: the catalogue would show no description.
    const { note: _note, ...noNote } = valid;
    expect(checkScenarioFile('two-wells.json', text({ ...noNote, seed: -1 })).warnings.map((w) => w.path)).toEqual(['note']);
    expect(checkScenarioFile('two-wells.txt', '{').warnings.map((w) => w.path)).toEqual(['']);
  });
});

describe('flagDuplicateIds', () => {
  it('fails the second passing file with an id, naming the first; failing files claim no id', () => {
    const checked = flagDuplicateIds([
      { label: 'a/two-wells.json', check: checkScenarioFile('misnamed.json', text(valid)) },
      { label: 'b/two-wells.json', check: checkScenarioFile('two-wells.json', text(valid)) },
      { label: 'c/two-wells.json', check: checkScenarioFile('two-wells.json', text(valid)) },
    ]);
    expect(checked.map((c) => c.check.ok)).toEqual([false, true, false]);
    expect(checked[2]?.check.errors).toEqual([{ path: 'id', message: '"two-wells" is also the id of b/two-wells.json' }]);
    expect(checked[2]?.check.scenario).toBeUndefined();
  });
});
