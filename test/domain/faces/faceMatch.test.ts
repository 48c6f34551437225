import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  bestFaceMatch,
  bestFaceMatchIn,
  faceDescriptorLength,
  faceDistance,
  faceIndexOf,
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

/** The rule written plainly: every distance in full, the nearest under the threshold, ties to the first. */
const reference = <Owner>(
  probe: readonly number[],
  enrolled: readonly { owner: Owner; descriptor: readonly number[] }[],
  threshold: number,
) => {
  let best: { owner: Owner; distance: number } | null = null;
  for (const face of enrolled) {
    const distance = faceDistance(probe, face.descriptor);
    if (distance < threshold && (best === null || distance < best.distance))
      best = { owner: face.owner, distance };
  }
  return best;
};

describe('matching that stops early, and over an index', () => {
  // Descriptors near one another (many under the threshold) and far (most left after a few numbers).
  const value = fc.double({ min: -0.2, max: 0.2, noNaN: true });
  const descriptor = fc.array(value, { minLength: faceDescriptorLength, maxLength: faceDescriptorLength });
  const nudged = (base: readonly number[]) =>
    fc
      .array(fc.double({ min: -0.05, max: 0.05, noNaN: true }), {
        minLength: faceDescriptorLength,
        maxLength: faceDescriptorLength,
      })
      .map((d) => d.map((v, i) => v + (base[i] as number)));
  const cases = descriptor.chain((probe) =>
    fc.tuple(
      fc.constant(probe),
      fc.array(fc.oneof(descriptor, nudged(probe), fc.constant(probe)), { maxLength: 30 }),
      fc.constantFrom(faceMatchThreshold, 0.3, 1, 2),
    ),
  );

  it('names the same face at the same distance as every distance in full (300 runs)', () => {
    fc.assert(
      fc.property(cases, ([probe, descriptors, threshold]) => {
        const enrolled = descriptors.map((d, i) => ({ owner: i, descriptor: d }));
        const expected = reference(probe, enrolled, threshold);
        expect(bestFaceMatch(probe, enrolled, threshold)).toEqual(expected);
        expect(bestFaceMatchIn(faceIndexOf(enrolled), Float64Array.from(probe), threshold)).toEqual(expected);
      }),
      { numRuns: 300 },
    );
  });

  it('keeps the first of equal faces, and answers nobody at the threshold, in the index too', () => {
    const index = faceIndexOf([
      { owner: 'ann', descriptor: at(0.1) },
      { owner: 'twin', descriptor: at(0.1) },
      { owner: 'x', descriptor: [0, 0] },
    ]);
    expect(index.owners).toEqual(['ann', 'twin']);
    expect(bestFaceMatchIn(index, at(0))).toEqual({ owner: 'ann', distance: expect.closeTo(0.1, 10) });
    expect(
      bestFaceMatchIn(faceIndexOf([{ owner: 'ann', descriptor: at(0) }]), at(faceMatchThreshold)),
    ).toBeNull();
    expect(bestFaceMatchIn(index, [0, 0])).toBeNull();
  });
});
