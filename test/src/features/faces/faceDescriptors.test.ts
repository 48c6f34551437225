/**
 * face-api's own networks on its own demo photos, in Node (node-wasm entry, WASM backend): the figures that justify
 * `faceMatchThreshold`. The six photos show 20 different people (each photo a different group; nobody appears
 * twice), so "the same person in two photos" is the same face in a second picture made the ways a terminal's
 * camera frame differs from the enrolment frame: mirrored (the other side of the face, lit from the other side),
 * at 40 % of the size (further from the camera) and 40 % darker (a dim aisle).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { bestFaceMatch, faceDistance, faceMatchThreshold } from '../../../../domain/faces/faceMatch';
import {
  cropAround,
  demoPhoto,
  demoPhotoNumbers,
  describeFaces,
  type faceapi,
  loadFaceApi,
  readJpeg,
  tf,
} from '../../../support/faceApiNode';
import { hangGuardMs } from '../../../support/hangGuard';

type Variant = 'mirrored' | 'smaller' | 'darker';

interface Person {
  readonly id: string;
  readonly descriptor: Float32Array;
  readonly variants: Partial<Record<Variant, Float32Array>>;
}

const overlap = (a: faceapi.Box, b: faceapi.Box): number => {
  const w = Math.max(0, Math.min(a.right, b.right) - Math.max(a.x, b.x));
  const h = Math.max(0, Math.min(a.bottom, b.bottom) - Math.max(a.y, b.y));
  return (w * h) / (a.area + b.area - w * h);
};

/** The descriptor of the one face in an image, or null when the detector finds none or several. */
const onlyFace = async (image: tf.Tensor3D): Promise<Float32Array | null> => {
  const faces = await describeFaces(image);
  return faces.length === 1 && faces[0] ? faces[0].descriptor : null;
};

const people: Person[] = [];

beforeAll(async () => {
  await loadFaceApi();
  for (const n of demoPhotoNumbers) {
    const photo = readJpeg(demoPhoto(n));
    const found = (await describeFaces(photo)).sort((a, b) => b.detection.score - a.detection.score);
    // One detection per person: a weaker box over the same face is the detector's duplicate.
    const kept = found.filter((f, i) =>
      found.slice(0, i).every((g) => overlap(f.detection.box, g.detection.box) < 0.3),
    );
    for (const [i, face] of kept.entries()) {
      const crop = cropAround(photo, face.detection.box);
      const [h, w] = crop.shape;
      const pictures: Record<Variant, tf.Tensor3D> = {
        mirrored: tf.reverse3d(crop, 1),
        smaller: tf.cast(tf.image.resizeBilinear(crop, [Math.round(h * 0.4), Math.round(w * 0.4)]), 'int32'),
        darker: tf.cast(tf.mul(crop, 0.6), 'int32') as tf.Tensor3D,
      };
      const variants: Person['variants'] = {};
      for (const [variant, picture] of Object.entries(pictures) as [Variant, tf.Tensor3D][]) {
        const d = await onlyFace(picture);
        if (d) variants[variant] = d;
        picture.dispose();
      }
      crop.dispose();
      people.push({ id: `sample${n}#${i + 1}`, descriptor: face.descriptor, variants });
    }
    photo.dispose();
  }
}, hangGuardMs);

describe('face descriptors from face-api demo photos (node-wasm, WASM backend)', () => {
  it('finds the people of the photos, one 128-number descriptor each', () => {
    expect(people.length).toBeGreaterThanOrEqual(17);
    for (const p of people) expect(p.descriptor).toHaveLength(128);
  });

  it('the same face in a second picture matches: every distance under the threshold', () => {
    const same = people.flatMap((p) =>
      Object.entries(p.variants).map(([variant, d]) => ({
        pair: `${p.id} ${variant}`,
        distance: faceDistance(p.descriptor, d),
      })),
    );
    // Enough second pictures were found for the figure to mean something.
    expect(same.length).toBeGreaterThanOrEqual(30);
    const worst = Math.max(...same.map((s) => s.distance));
    console.info(
      `same face: ${same.length} pairs, largest distance ${worst.toFixed(3)} (threshold ${faceMatchThreshold})`,
    );
    for (const s of same) expect(s.distance, s.pair).toBeLessThan(faceMatchThreshold);
  });

  it('different people do not match: every distance at or above the threshold', () => {
    const different: { pair: string; distance: number }[] = [];
    for (const [i, a] of people.entries())
      for (const b of people.slice(i + 1))
        different.push({ pair: `${a.id} ${b.id}`, distance: faceDistance(a.descriptor, b.descriptor) });
    const closest = Math.min(...different.map((d) => d.distance));
    console.info(`different people: ${different.length} pairs, smallest distance ${closest.toFixed(3)}`);
    for (const d of different) expect(d.distance, d.pair).toBeGreaterThanOrEqual(faceMatchThreshold);
  });

  it('each second picture is recognised as its own person among everyone enrolled', () => {
    const enrolled = people.map((p) => ({ owner: p.id, descriptor: p.descriptor }));
    for (const p of people)
      for (const d of Object.values(p.variants)) expect(bestFaceMatch(d, enrolled)?.owner).toBe(p.id);
  });
});
