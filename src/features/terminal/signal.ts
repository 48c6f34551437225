/**
 * Short sound and vibration after a scan or a confirmed line, so a picker knows the outcome without looking:
 * one high beep for success, two low ones for an error. The beep is an OscillatorNode (Web Audio), no audio
 * file; vibration where the device has it. Both stay silent where the browser lacks them.
 */
export type SignalKind = 'success' | 'error';

interface Tone {
  readonly frequency: number;
  /** Seconds from now. */
  readonly start: number;
  readonly duration: number;
}

export const tonesOf: Readonly<Record<SignalKind, readonly Tone[]>> = {
  success: [{ frequency: 1760, start: 0, duration: 0.09 }],
  error: [
    { frequency: 330, start: 0, duration: 0.15 },
    { frequency: 262, start: 0.2, duration: 0.22 },
  ],
};

export const vibrationOf: Readonly<Record<SignalKind, readonly number[]>> = {
  success: [40],
  error: [120, 80, 120],
};

/** The parts of the Web Audio API used here (a real AudioContext, or a fake in tests). */
export interface AudioLike {
  readonly currentTime: number;
  readonly destination: unknown;
  readonly state?: string;
  resume?(): Promise<void>;
  createOscillator(): {
    type: string;
    frequency: { setValueAtTime(value: number, time: number): unknown };
    connect(node: never): unknown;
    start(when: number): void;
    stop(when: number): void;
  };
  createGain(): {
    gain: {
      setValueAtTime(value: number, time: number): unknown;
      exponentialRampToValueAtTime(value: number, time: number): unknown;
    };
    connect(node: never): unknown;
  };
}

export interface SignalEnvironment {
  /** Made on first use (browsers allow audio only after a user gesture; a scan or a tap is one). */
  readonly audio?: () => AudioLike | null;
  readonly vibrate?: (pattern: number[]) => unknown;
}

let shared: AudioLike | null = null;

const browserAudio = (): AudioLike | null => {
  if (shared) return shared;
  const ctor = (globalThis as { AudioContext?: new () => AudioLike }).AudioContext;
  if (!ctor) return null;
  try {
    shared = new ctor();
  } catch {
    return null;
  }
  return shared;
};

const browserEnvironment = (): SignalEnvironment => ({
  audio: browserAudio,
  vibrate:
    typeof navigator !== 'undefined' && typeof navigator.vibrate === 'function'
      ? (pattern) => navigator.vibrate(pattern)
      : undefined,
});

/** Plays the beep and vibrates for an outcome. Never throws. */
export const signal = (kind: SignalKind, env: SignalEnvironment = browserEnvironment()): void => {
  try {
    env.vibrate?.([...vibrationOf[kind]]);
  } catch {
    // vibration is a courtesy
  }
  try {
    const audio = env.audio?.();
    if (!audio) return;
    if (audio.state === 'suspended') void audio.resume?.();
    for (const tone of tonesOf[kind]) {
      const at = audio.currentTime + tone.start;
      const oscillator = audio.createOscillator();
      const gain = audio.createGain();
      oscillator.type = 'square';
      oscillator.frequency.setValueAtTime(tone.frequency, at);
      gain.gain.setValueAtTime(0.15, at);
      gain.gain.exponentialRampToValueAtTime(0.001, at + tone.duration);
      oscillator.connect(gain as never);
      gain.connect(audio.destination as never);
      oscillator.start(at);
      oscillator.stop(at + tone.duration);
    }
  } catch {
    // no sound: the screen still shows the outcome
  }
};
