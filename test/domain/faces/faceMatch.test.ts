import { describe, expect, it } from 'vitest';
import {
  bestFaceMatch,
  faceDescriptorLength,
  faceDistance,
  faceMatchThreshold,
  isFaceDescriptor,
} from '../../../domain/faces/faceMatch';

/** A descriptor that is `base` everywhere except one coordinate moved by `offset`: its distance to the base is |offset|. */
const at = (offset: number, base = 0): number[] => {
  const d = new Array<number>(faceDescriptorLength).fill(base);
  d[0] = base + offset;
  return d;
};

describe('faceDistance', () => {
  it('is the Euclidean distance', () => {
    expect(faceDistance([0, 0], [3, 4])).toBe(5);
    expect(faceDistance(at(0.3), at(0))).toBeCloseTo(0.3, 10);
    expect(faceDistance(Float32Array.from(at(0)), at(0))).toBe(0);
  });

  it('refuses descriptors of different lengths', () => {
    expect(() => faceDistance([0, 0], [0])).toThrow(RangeError);
  });
});

describe('isFaceDescriptor', () => {
  it('accepts 128 finite numbers only', () => {
    expect(isFaceDescriptor(at(0))).toBe(true);
    expect(isFaceDescriptor(at(0).slice(1))).toBe(false);
    expect(isFaceDescriptor([...at(0).slice(1), Number.NaN])).toBe(false);
    expect(isFaceDescriptor([...at(0).slice(1), '1'])).toBe(false);
    expect(isFaceDescriptor('x')).toBe(false);
  });
});

describe('bestFaceMatch', () => {
  const ann = { owner: 'ann', descriptor: at(0) };
  const bob = { owner: 'bob', descriptor: at(0, 1) };

  it('names the nearest enrolled face under the threshold', () => {
    expect(bestFaceMatch(at(0.1), [ann, bob])).toEqual({ owner: 'ann', distance: expect.closeTo(0.1, 10) });
    expect(bestFaceMatch(at(-0.1, 1), [ann, bob])?.owner).toBe('bob');
  });

  it('answers nobody at or above the threshold, and with nobody enrolled', () => {
    expect(bestFaceMatch(at(faceMatchThreshold), [ann])).toBeNull();
    expect(bestFaceMatch(at(faceMatchThreshold - 0.001), [ann])?.owner).toBe('ann');
    expect(bestFaceMatch(at(0), [])).toBeNull();
  });

  it('matches a person through the nearest of their descriptors', () => {
    const far = { owner: 'carl', descriptor: at(0.4) };
    const near = { owner: 'carl', descriptor: at(0.05) };
    const dan = { owner: 'dan', descriptor: at(0.1) };
    expect(bestFaceMatch(at(0), [far, dan, near])).toEqual({
      owner: 'carl',
      distance: expect.closeTo(0.05, 10),
    });
  });

  it('takes a threshold and skips descriptors of another length', () => {
    expect(bestFaceMatch(at(0.2), [ann], 0.1)).toBeNull();
    expect(bestFaceMatch(at(0), [{ owner: 'x', descriptor: [0, 0] }])).toBeNull();
  });
});
