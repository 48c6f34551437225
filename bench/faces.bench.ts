// npm run bench: faces (issue 22). Matching one descriptor against 10,000 enrolled ones (the rule of
// domain/faces/faceMatch.ts, as the terminal runs it offline and the server in POST /api/ComputerVision/analyse),
// and one descriptor per frame with face-api's node-wasm entry on TensorFlow's WASM backend in Node (detector,
// landmarks, recognition on a 640 px frame cut from the package's demo photo); then the same in Chromium, in the
// terminal itself: the built app, face recognition switched on, a fake camera playing a demo face, each frame's
// reading timed by the engine (a user-timing measure) as its 10 s loop reads it, at 1× and 4× CPU (CDP's CPU throttling). The terminal's
// first-load JavaScript with and without the feature is in bench/firstLoad.bench.ts.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Page } from 'playwright-core';
import { bestFaceMatch, bestFaceMatchIn, faceDescriptorLength, faceIndexOf } from '../domain/faces/faceMatch';
import { demoFaces, writeFaceVideo } from '../e2e/support/faceCamera';
import { demoPassword } from '../server/demo/seedDemo';
import { faceReadMeasure } from '../src/features/faces/faceAssets';
import { demoPhoto, describeFaces, loadFaceApi, readJpeg, tf } from '../test/support/faceApiNode';
import { chromiumFlags, chromiumPath, startBenchApp, switchFacesOn } from './support/benchApp';
import { percentile, verdict } from './support/benchDatabases';

/**
 * Targets of our own: a 10 s recognition cycle has room for both many times over on a handheld; a handheld's
 * CPU is about a quarter of this machine's, so 4× throttled must still read a frame well inside the cycle.
 */
const targets = {
  match10kP95Ms: 20,
  descriptorPerFrameMs: 500,
  chromiumFrameMs: 500,
  chromiumFrame4xMs: 2000,
} as const;
const framesEach = Number(process.env.BENCH_FACE_FRAMES ?? 5);

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
/** p95 of `match` over the probes, after a first pass that warms its code up. */
const matchP95 = (match: (probe: number[]) => unknown): number => {
  for (const probe of probes) match(probe);
  return percentile(
    probes.map((probe) => {
      const started = performance.now();
      match(probe);
      return performance.now() - started;
    }),
    95,
  );
};
// The terminal indexes the faces on the device once when they change (src/features/faces/recognitionLoop.ts).
const indexStarted = performance.now();
const index = faceIndexOf(enrolled);
const indexMs = performance.now() - indexStarted;
// A probe next to an enrolled face (a match, so the search narrows as it goes) as well as strangers.
probes.push(...enrolled.slice(0, 50).map((f) => f.descriptor.map((v, i) => (i === 0 ? v + 0.05 : v))));
const indexedP95 = matchP95((probe) => bestFaceMatchIn(index, probe));
const plainP95 = matchP95((probe) => bestFaceMatch(probe, enrolled));
console.log('faces:');
console.log(
  `  match against 10,000 descriptors indexed once (the terminal), p95: ${indexedP95.toFixed(2)} ms (target ${targets.match10kP95Ms} ms; the index built in ${indexMs.toFixed(0)} ms) → ${verdict(indexedP95 <= targets.match10kP95Ms)}`,
);
console.log(
  `  match against 10,000 descriptors as read (the server's analyse), p95: ${plainP95.toFixed(2)} ms (target ${targets.match10kP95Ms} ms) → ${verdict(plainP95 <= targets.match10kP95Ms)}`,
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

/** The frame readings the page's face engine has timed so far (ms each) and the backend it ran on. */
const readings = (page: Page) =>
  page.evaluate((name) => {
    const entries = performance.getEntriesByName(name, 'measure') as PerformanceMeasure[];
    return {
      times: entries.map((e) => e.duration),
      backend: (entries.at(-1)?.detail as { backend?: string } | undefined)?.backend ?? null,
    };
  }, faceReadMeasure);

/**
 * Waits for `count` more frames read by the terminal's own 10 s loop (real time: the page's clock is not faked,
 * the app's start and first sync run on it too); a cycle that read no frame (the camera not ready) is waited for
 * again. Says what the header shows when frames do not come.
 */
const readFrames = async (page: Page, count: number, maxCycles = count * 3): Promise<number[]> => {
  const before = (await readings(page)).times.length;
  let read = 0;
  for (let cycles = 0; read < count; cycles++) {
    if (cycles > maxCycles) {
      const operator = page.getByTestId('face-operator');
      const state = (await operator.count()) ? await operator.getAttribute('data-state') : 'no face watcher';
      throw new Error(`only ${read} of ${count} frames read (the header's face state: ${state})`);
    }
    await page
      .waitForFunction(
        ([name, n]) => performance.getEntriesByName(name as string, 'measure').length > (n as number),
        [faceReadMeasure, before + read] as const,
        { timeout: 60_000 },
      )
      .catch(() => undefined);
    read = (await readings(page)).times.length - before;
  }
  return (await readings(page)).times.slice(before, before + count);
};

const inChromium = async (): Promise<void> => {
  const server = await startBenchApp();
  const dir = mkdtempSync(join(tmpdir(), 'aisle-faces-bench-'));
  const browser = await chromium.launch({
    executablePath: chromiumPath(),
    args: [
      ...chromiumFlags,
      '--use-fake-device-for-media-stream',
      '--use-fake-ui-for-media-stream',
      `--use-file-for-fake-video-capture=${writeFaceVideo(demoFaces.first, join(dir, 'face.y4m'))}`,
    ],
  });
  try {
    await switchFacesOn(server.base);
    const context = await browser.newContext({ baseURL: server.base, permissions: ['camera'] });
    const page = await context.newPage();
    // The page's errors, so a bench that waits in vain says why.
    page.on('pageerror', (error) => console.log(`  [page error] ${error.message}`));
    // (Failed requests while offline are the point of the offline half, not errors.)
    page.on('console', (m) => {
      if (m.type() === 'error' && !m.text().includes('ERR_INTERNET_DISCONNECTED'))
        console.log(`  [console] ${m.text().slice(0, 300)}`);
    });
    await page.goto('/signin');
    await page.getByTestId('signin-username').fill('picker');
    await page.getByTestId('signin-password').fill(demoPassword);
    await page.getByTestId('signin-submit').click();
    await page.waitForURL((url) => !url.pathname.startsWith('/signin'), { timeout: 120_000 });
    await page.goto('/terminal');
    // The first reading follows the engine's start (WASM compiled, weights uploaded): not counted. A first look
    // before the camera's first frame reads nothing; the next cycle, 10 s later, does.
    await readFrames(page, 1, 10);
    // Offline, as a handheld in a dead spot: the device's own match, no server round trip between frames.
    await context.setOffline(true);
    const { backend } = await readings(page);
    const cdp = await context.newCDPSession(page);
    for (const [rate, target] of [
      [1, targets.chromiumFrameMs],
      [4, targets.chromiumFrame4xMs],
    ] as const) {
      await cdp.send('Emulation.setCPUThrottlingRate', { rate });
      const times = await readFrames(page, framesEach);
      const median = percentile(times, 50);
      console.log(
        `  descriptor of one 640 × 480 camera frame in Chromium (${backend}), ${rate}× CPU, median of ${times.length}: ${median.toFixed(0)} ms (runs ${times.map((t) => t.toFixed(0)).join(', ')}; target ${target} ms) → ${verdict(median <= target)}`,
      );
    }
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  } finally {
    await browser.close();
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  }
};

await inChromium();
