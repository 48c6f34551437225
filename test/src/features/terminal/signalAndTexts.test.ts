import { describe, expect, it } from 'vitest';
import { type AudioLike, signal, tonesOf, vibrationOf } from '../../../../src/features/terminal/signal';
import { feedbackTexts, quantityText } from '../../../../src/features/terminal/terminalTexts';

/** Beeps and vibration (a fake Web Audio context), and the words of the terminal's feedback. */

const fakeAudio = () => {
  const started: { frequency: number; at: number; until: number }[] = [];
  let resumed = 0;
  const audio: AudioLike = {
    currentTime: 10,
    destination: {},
    state: 'suspended',
    resume: async () => {
      resumed++;
    },
    createOscillator: () => {
      let frequency = 0;
      let at = 0;
      return {
        type: 'sine',
        frequency: {
          setValueAtTime: (value: number) => {
            frequency = value;
          },
        },
        connect: () => undefined,
        start: (when: number) => {
          at = when;
        },
        stop: (when: number) => {
          started.push({ frequency, at, until: when });
        },
      };
    },
    createGain: () => ({
      gain: { setValueAtTime: () => undefined, exponentialRampToValueAtTime: () => undefined },
      connect: () => undefined,
    }),
  };
  return { audio, started, resumed: () => resumed };
};

describe('signal', () => {
  it('success: one high beep and a short vibration; error: two low beeps and a longer pattern', () => {
    const ok = fakeAudio();
    const vibrations: number[][] = [];
    signal('success', { audio: () => ok.audio, vibrate: (p) => vibrations.push(p) });
    expect(ok.started).toEqual([{ frequency: 1760, at: 10, until: 10.09 }]);
    expect(ok.resumed()).toBe(1);
    const bad = fakeAudio();
    signal('error', { audio: () => bad.audio, vibrate: (p) => vibrations.push(p) });
    expect(bad.started.map((s) => s.frequency)).toEqual(tonesOf.error.map((t) => t.frequency));
    expect(bad.started[1]?.at).toBeCloseTo(10.2);
    expect(vibrations).toEqual([[...vibrationOf.success], [...vibrationOf.error]]);
  });

  it('stays silent where there is no audio or vibration, and never throws', () => {
    expect(() => signal('error', {})).not.toThrow();
    expect(() =>
      signal('success', {
        audio: () => {
          throw new Error('blocked');
        },
        vibrate: () => {
          throw new Error('no motor');
        },
      }),
    ).not.toThrow();
  });
});

describe('feedback texts', () => {
  const t = (key: string, options?: Record<string, unknown>) =>
    `${key}${options && Object.keys(options).length ? JSON.stringify(options) : ''}`;

  it('a text key with its values; a refusal as its rules’ messages, else its code’s message', () => {
    expect(feedbackTexts(t, { tone: 'success', key: 'terminal:feedback.recorded' })).toEqual([
      'terminal:feedback.recorded',
    ]);
    expect(
      feedbackTexts(t, {
        tone: 'error',
        refusal: {
          code: 'documentInvalid',
          issues: [{ code: 'productLockedForRelease', params: { product: 'BOLT' } }],
          fields: [{ field: 'quantity', rule: 'invalidValue' }],
        },
      }),
    ).toEqual([
      'warehouse:issues.productLockedForRelease{"product":"BOLT"}',
      'terminal:feedback.field{"field":"quantity","message":"errors:invalidValue"}',
    ]);
    expect(feedbackTexts(t, { tone: 'error', refusal: { code: 'notFoundOrNoPermission' } })).toEqual([
      'errors:notFoundOrNoPermission',
    ]);
  });

  it('quantities in the UI language without trailing zeros', () => {
    expect(quantityText(1234.5, 'de-de')).toBe('1.234,5');
    expect(quantityText(0.1 + 0.2, 'en-us')).toBe('0.3');
    expect(quantityText(null, 'en-us')).toBe('');
  });
});
