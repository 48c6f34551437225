// npm run bench: faces (issue 22). Matching one descriptor against 10,000 enrolled ones (the rule of
// domain/faces/faceMatch.ts, as the terminal runs it offline and the server in POST /api/ComputerVision/analyse),
// and one descriptor per frame with face-api's node-wasm entry on TensorFlow's WASM backend in Node (detector,
// landmarks, recognition on a 640 px frame cut from the package's demo photo). The Chromium figures the issue
// also asks for (WASM at 1× and 4× CPU, the terminal's first-load JavaScript with and without the feature) are
// not measured here yet.
import { bestFaceMatch, faceDescriptorLength } from '../domain/faces/faceMatch';
import { demoPhoto, describeFaces, loadFaceApi, readJpeg, tf } from '../test/support/faceApiNode';
import { percentile, verdict } from './support/benchDatabases';

/** Targets of our own: a 10 s recognition cycle has room for both many times over on a handheld. */
const targets = { match10kP95Ms: 20, descriptorPerFrameMs: 500 } as const;

const random = (() => {
  let seed = 22;
  return () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
    return seed / 2 ** 31 - 0.5;
  };
})();
const descriptor = () => Array.from({ length: faceDescriptorLength }, () => random() * 0.2);

const enrolled = Array.from({ length: 10_000 }, (_, i) => ({
  owner: `person-${i}`,
  descriptor: descriptor(),
}));
const probes = Array.from({ length: 200 }, descriptor);
const matchTimes = probes.map((probe) => {
  const started = performance.now();
  bestFaceMatch(probe, enrolled);
  return performance.now() - started;
});
const matchP95 = percentile(matchTimes, 95);
console.log('faces:');
console.log(
  `  match against 10,000 descriptors, p95: ${matchP95.toFixed(2)} ms (target ${targets.match10kP95Ms} ms) → ${verdict(matchP95 <= targets.match10kP95Ms)}`,
);

await loadFaceApi();
const photo = readJpeg(demoPhoto(1));
// A 640 × 480 camera-sized frame around the photo's faces.
const frame = tf.image.resizeBilinear(tf.slice(photo, [200, 200, 0], [960, 1280, 3]), [480, 640]).toInt();
await describeFaces(frame, 320); // warm-up: WASM compiles and the weights upload on the first run
const frameTimes: number[] = [];
for (let i = 0; i < 10; i++) {
  const started = performance.now();
  const faces = await describeFaces(frame, 320);
  frameTimes.push(performance.now() - started);
  if (faces.length === 0) throw new Error('no face in the benchmark frame');
}
const frameMedian = percentile(frameTimes, 50);
console.log(
  `  descriptors of one 640 × 480 frame, Node WASM, median of 10: ${frameMedian.toFixed(0)} ms (target ${targets.descriptorPerFrameMs} ms) → ${verdict(frameMedian <= targets.descriptorPerFrameMs)}`,
);
