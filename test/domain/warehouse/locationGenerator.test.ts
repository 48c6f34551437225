import { describe, expect, it } from 'vitest';
import {
  generatedCountsPerLevel,
  generatedLocationCount,
  generatedLocations,
  generateLocationsSchema,
  generatorPreview,
  levelLabelPart,
} from '../../../domain/warehouse/locationGenerator';

const levels = [
  { prefix: 'a', digits: 2, start: 1, quantity: 3 },
  { prefix: 'R', digits: 3, start: 8, quantity: 4 },
  { prefix: '', digits: 1, start: 0, quantity: 2 },
];

describe('location generator', () => {
  it('pads the number and upper-cases the prefix', () => {
    expect(levelLabelPart({ prefix: ' x ', digits: 4, start: 0, quantity: 1 }, 7)).toBe('X0007');
  });

  it('counts every level under every location above', () => {
    expect(generatedCountsPerLevel(levels)).toEqual([3, 12, 24]);
    expect(generatedLocationCount(levels)).toBe(39);
  });

  it('previews the first and last label of each level', () => {
    expect(generatorPreview(levels, '-')).toEqual([
      { first: 'A01', last: 'A03', count: 3 },
      { first: 'A01-R008', last: 'A03-R011', count: 12 },
      { first: 'A01-R008-0', last: 'A03-R011-1', count: 24 },
    ]);
  });

  it('yields each parent before its children, matching the preview', () => {
    const all = [...generatedLocations(levels, '-')];
    expect(all).toHaveLength(39);
    expect(all.slice(0, 3)).toEqual([
      { label: 'A01', parentLabel: null, level: 0 },
      { label: 'A01-R008', parentLabel: 'A01', level: 1 },
      { label: 'A01-R008-0', parentLabel: 'A01-R008', level: 2 },
    ]);
    expect(new Set(all.map((l) => l.label)).size).toBe(39);
    const preview = generatorPreview(levels, '-');
    expect(all.filter((l) => l.level === 2).at(-1)?.label).toBe(preview[2]?.last);
    const seen = new Set<string>();
    for (const l of all) {
      if (l.parentLabel !== null) expect(seen.has(l.parentLabel)).toBe(true);
      seen.add(l.label);
    }
  });

  it('refuses numbers wider than the digits, too many locations and bad prefixes', () => {
    const tooWide = generateLocationsSchema.safeParse({
      levels: [{ prefix: 'A', digits: 2, start: 95, quantity: 10 }],
    });
    expect(tooWide.success).toBe(false);
    expect(tooWide.error?.issues[0]).toMatchObject({ path: ['levels', 0, 'quantity'], message: 'maxValue' });

    const tooMany = generateLocationsSchema.safeParse({
      levels: [
        { prefix: 'A', digits: 3, start: 1, quantity: 100 },
        { prefix: 'B', digits: 3, start: 1, quantity: 100 },
      ],
    });
    expect(tooMany.error?.issues[0]).toMatchObject({ path: ['levels'], message: 'maxValue' });

    const spaces = generateLocationsSchema.safeParse({
      levels: [{ prefix: 'A B', digits: 2, start: 1, quantity: 1 }],
    });
    expect(spaces.error?.issues[0]).toMatchObject({
      path: ['levels', 0, 'prefix'],
      message: 'forbiddenChar',
    });

    expect(generateLocationsSchema.safeParse({ levels: [] }).error?.issues[0]).toMatchObject({
      path: ['levels'],
      message: 'required',
    });
    expect(generateLocationsSchema.safeParse({}).error?.issues[0]).toMatchObject({
      path: ['levels'],
      message: 'required',
    });
    expect(generateLocationsSchema.safeParse({ levels: 'A' }).error?.issues[0]).toMatchObject({
      path: ['levels'],
      message: 'invalidValue',
    });
    const ok = generateLocationsSchema.parse({ levels: [{ digits: 2, start: 1, quantity: 5 }] });
    expect(ok).toMatchObject({ separator: '-', levels: [{ prefix: '' }] });
  });
});
