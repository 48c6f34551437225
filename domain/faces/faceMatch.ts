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
 * The enrolled face nearest to `probe`, when it is under the threshold; `null` means nobody.
 * A person with several descriptors matches through the nearest of them. Ties keep the first.
 */
export const bestFaceMatch = <Owner>(
  probe: FaceDescriptor,
  enrolled: Iterable<EnrolledFace<Owner>>,
  threshold: number = faceMatchThreshold,
): FaceMatch<Owner> | null => {
  let best: FaceMatch<Owner> | null = null;
  for (const face of enrolled) {
    if (face.descriptor.length !== probe.length) continue;
    const distance = faceDistance(probe, face.descriptor);
    if (distance < threshold && (best === null || distance < best.distance))
      best = { owner: face.owner, distance };
  }
  return best;
};
