/**
 * Who a face belongs to: the one rule the terminal (offline, on its replica) and the server
 * (POST /api/ComputerVision/analyse) both apply to a face descriptor — the 128 numbers
 * face-api's recognition network computes from an aligned face.
 *
 * Two descriptors are the same person when their Euclidean distance is below `faceMatchThreshold`.
 * 0.45 is stricter than the 0.6 usually quoted for this network: among the 20 faces found in
 * face-api's own demo photos (nobody appears twice) the closest two different people are 0.50
 * apart, while the same face mirrored, at 40 % size or 40 % darker stays under 0.36
 * (docs/faces.md has the figures; test/src/features/faces/faceDescriptors.test.ts recomputes them). On a shared terminal
 * naming the wrong operator is worse than asking again ten seconds later.
 */
export const faceDescriptorLength = 128;

export const faceMatchThreshold = 0.45;

export type FaceDescriptor = ArrayLike<number>;

/** One enrolled face: whose it is and its descriptor. */
export interface EnrolledFace<Owner> {
  readonly owner: Owner;
  readonly descriptor: FaceDescriptor;
}

export interface FaceMatch<Owner> {
  readonly owner: Owner;
  readonly distance: number;
}

/** Euclidean distance between two descriptors of the same length. */
export const faceDistance = (a: FaceDescriptor, b: FaceDescriptor): number => {
  if (a.length !== b.length) throw new RangeError('face descriptors differ in length');
  let sum = 0;
  for (let i = 0; i < a.length; i++) {
    const d = (a[i] as number) - (b[i] as number);
    sum += d * d;
  }
  return Math.sqrt(sum);
};

/** Whether a value is a usable descriptor: 128 finite numbers. */
export const isFaceDescriptor = (value: unknown): value is number[] =>
  Array.isArray(value) &&
  value.length === faceDescriptorLength &&
  value.every((v) => typeof v === 'number' && Number.isFinite(v));

/**
 * The squared distance between `probe` and the descriptor at `values[offset …]`, summed in faceDistance's order, or
 * Infinity as soon as a partial sum passes `bound` (the rest only adds to it, so that face cannot be nearer).
 */
const squaredDistanceUpTo = (
  probe: FaceDescriptor,
  values: FaceDescriptor,
  offset: number,
  bound: number,
): number => {
  const n = probe.length;
  let sum = 0;
  for (let i = 0; i < n; ) {
    // Checked every 16 numbers: a compare per number would cost more than it saves.
    for (const stop = Math.min(i + 16, n); i < stop; i++) {
      const d = (probe[i] as number) - (values[offset + i] as number);
      sum += d * d;
    }
    if (sum > bound) return Number.POSITIVE_INFINITY;
  }
  return sum;
};

/**
 * The square of `limit` with a margin: a partial sum above it proves the distance is at least `limit` (the margin
 * covers the rounding of the square), so leaving early never changes which face is nearest, nor its distance.
 */
const boundOf = (limit: number): number => limit * limit * (1 + 1e-9);

/**
 * The enrolled face nearest to `probe`, when it is under the threshold; `null` means nobody.
 * A person with several descriptors matches through the nearest of them. Ties keep the first.
 */
export const bestFaceMatch = <Owner>(
  probe: FaceDescriptor,
  enrolled: Iterable<EnrolledFace<Owner>>,
  threshold: number = faceMatchThreshold,
): FaceMatch<Owner> | null => {
  let best: FaceMatch<Owner> | null = null;
  let bound = boundOf(threshold);
  for (const face of enrolled) {
    if (face.descriptor.length !== probe.length) continue;
    const distance = Math.sqrt(squaredDistanceUpTo(probe, face.descriptor, 0, bound));
    if (distance < threshold && (best === null || distance < best.distance)) {
      best = { owner: face.owner, distance };
      bound = boundOf(distance);
    }
  }
  return best;
};

/**
 * Enrolled faces made ready for many matches: every descriptor in one Float64Array (the numbers exactly as given),
 * built once when the faces change — the terminal's replica, the benchmark — so a match allocates nothing.
 * Only descriptors of `faceDescriptorLength` numbers are kept.
 */
export interface FaceIndex<Owner> {
  readonly owners: readonly Owner[];
  readonly values: Float64Array;
}

export const faceIndexOf = <Owner>(enrolled: Iterable<EnrolledFace<Owner>>): FaceIndex<Owner> => {
  const faces = [...enrolled].filter((f) => f.descriptor.length === faceDescriptorLength);
  const values = new Float64Array(faces.length * faceDescriptorLength);
  faces.forEach((f, i) => {
    values.set(Array.from(f.descriptor), i * faceDescriptorLength);
  });
  return { owners: faces.map((f) => f.owner), values };
};

/** bestFaceMatch over an index: the same answer, to the same distance. */
export const bestFaceMatchIn = <Owner>(
  index: FaceIndex<Owner>,
  probe: FaceDescriptor,
  threshold: number = faceMatchThreshold,
): FaceMatch<Owner> | null => {
  if (probe.length !== faceDescriptorLength) return null;
  let found = -1;
  let nearest = Number.POSITIVE_INFINITY;
  let bound = boundOf(threshold);
  for (let i = 0; i < index.owners.length; i++) {
    const distance = Math.sqrt(squaredDistanceUpTo(probe, index.values, i * faceDescriptorLength, bound));
    if (distance < threshold && distance < nearest) {
      found = i;
      nearest = distance;
      bound = boundOf(distance);
    }
  }
  return found < 0 ? null : { owner: index.owners[found] as Owner, distance: nearest };
};
