import { describe, expect, it } from 'vitest';
import { faceDescriptorLength } from '../../../../domain/faces/faceMatch';
import {
  type KnownFace,
  knownFaceIndex,
  type Recognition,
  recogniseLocally,
  recognitionIntervalMs,
  shouldOfferSwitch,
  startRecognitionLoop,
} from '../../../../src/features/faces/recognitionLoop';
import type { Timers } from '../../../../sync/ports';

const face = (base: number, offset = 0): Float32Array => {
  const d = new Float32Array(faceDescriptorLength).fill(base);
  d[0] = base + offset;
  return d;
};
const ann: KnownFace = { id: 'cv-ann', name: 'Ann', userId: 'u-ann', descriptors: [Array.from(face(0))] };
const eve: KnownFace = { id: 'cv-eve', name: 'Eve', userId: null, descriptors: [Array.from(face(1))] };

/** Timers that fire when the test says, remembering each delay asked for. */
class StepTimers implements Timers {
  readonly delays: number[] = [];
  private pending: (() => void)[] = [];
  after(ms: number, fn: () => void): () => void {
    this.delays.push(ms);
    this.pending.push(fn);
    return () => {
      this.pending = this.pending.filter((f) => f !== fn);
    };
  }
  get waiting(): number {
    return this.pending.length;
  }
  fire(): void {
    const due = this.pending;
    this.pending = [];
    for (const fn of due) fn();
  }
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('recogniseLocally', () => {
  it('names the enrolled person under the threshold, otherwise nobody', () => {
    expect(recogniseLocally(face(0, 0.1), knownFaceIndex([ann, eve]))).toEqual({
      kind: 'recognised',
      face: { id: 'cv-ann', name: 'Ann', userId: 'u-ann' },
    });
    expect(recogniseLocally(face(5), knownFaceIndex([ann, eve]))).toEqual({ kind: 'nobodyRecognised' });
    expect(recogniseLocally(face(0), knownFaceIndex([]))).toEqual({ kind: 'nobodyRecognised' });
  });
});

describe('startRecognitionLoop', () => {
  const run = (
    overrides: {
      look?: () => Promise<Float32Array | null>;
      visible?: () => boolean;
      askServer?: (d: Float32Array) => Promise<Recognition | undefined>;
    } = {},
  ) => {
    const timers = new StepTimers();
    const results: Recognition[] = [];
    const stop = startRecognitionLoop({
      look: overrides.look ?? (async () => face(0, 0.05)),
      known: async () => knownFaceIndex([ann, eve]),
      ...(overrides.askServer ? { askServer: overrides.askServer } : {}),
      isVisible: overrides.visible ?? (() => true),
      timers,
      onRecognition: (r) => results.push(r),
    });
    return { timers, results, stop };
  };

  it('looks at once, then every 10 s', async () => {
    const { timers, results, stop } = run();
    await settle();
    expect(results).toHaveLength(1);
    expect(timers.delays).toEqual([recognitionIntervalMs]);
    timers.fire();
    await settle();
    expect(results).toHaveLength(2);
    expect(results.every((r) => r.kind === 'recognised' && r.face.name === 'Ann')).toBe(true);
    stop();
    expect(timers.waiting).toBe(0);
  });

  it('does not look while the page is hidden, and goes on when it shows again', async () => {
    let visible = false;
    let looks = 0;
    const { timers, results, stop } = run({
      visible: () => visible,
      look: async () => {
        looks++;
        return face(0);
      },
    });
    await settle();
    timers.fire();
    await settle();
    expect(looks).toBe(0);
    expect(results).toEqual([]);
    visible = true;
    timers.fire();
    await settle();
    expect(looks).toBe(1);
    stop();
  });

  it('says no face detected, and prefers the server’s answer, falling back to the device’s match offline', async () => {
    const noFace = run({ look: async () => null });
    await settle();
    expect(noFace.results).toEqual([{ kind: 'noFaceDetected' }]);
    noFace.stop();

    const server = run({ askServer: async () => ({ kind: 'nobodyRecognised' }) });
    await settle();
    expect(server.results).toEqual([{ kind: 'nobodyRecognised' }]);
    server.stop();

    const offline = run({
      askServer: async () => {
        throw new TypeError('Failed to fetch');
      },
    });
    await settle();
    expect(offline.results[0]).toMatchObject({ kind: 'recognised', face: { name: 'Ann' } });
    offline.stop();
  });

  it('stops looking once stopped', async () => {
    const { timers, results, stop } = run();
    await settle();
    stop();
    timers.fire();
    await settle();
    expect(results).toHaveLength(1);
  });
});

describe('shouldOfferSwitch', () => {
  const recognised = (userId: string | null): Recognition => ({
    kind: 'recognised',
    face: { id: 'x', name: 'X', userId },
  });
  it('offers the switch for another user of the company, once', () => {
    expect(shouldOfferSwitch(recognised('u-bob'), 'u-ann', null)).toBe('u-bob');
    expect(shouldOfferSwitch(recognised('u-bob'), 'u-ann', 'u-bob')).toBeNull();
    expect(shouldOfferSwitch(recognised('u-ann'), 'u-ann', null)).toBeNull();
  });
  it('never for a contact without a user, nobody, or no face', () => {
    expect(shouldOfferSwitch(recognised(null), 'u-ann', null)).toBeNull();
    expect(shouldOfferSwitch({ kind: 'nobodyRecognised' }, 'u-ann', null)).toBeNull();
    expect(shouldOfferSwitch({ kind: 'noFaceDetected' }, 'u-ann', null)).toBeNull();
  });
});
