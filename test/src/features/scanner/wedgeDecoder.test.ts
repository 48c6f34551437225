import { describe, expect, it } from 'vitest';
import { parseGs1 } from '../../../../domain/barcodes/gs1';
import {
  applyFnc1Substitute,
  defaultWedgeSettings,
  WedgeDecoder,
  type WedgeKey,
  type WedgeSettings,
  type WedgeStep,
} from '../../../../src/features/scanner/wedgeDecoder';

const GS = '\u001d';

/** Keys of `text` typed `gap` ms apart from `start`, then `end` (a key name) after `endGap`. */
const keysOf = (
  text: string,
  {
    start = 1000,
    gap = 8,
    end = 'Enter',
    endGap = gap,
  }: Partial<{ start: number; gap: number; end: string | null; endGap: number }> = {},
): WedgeKey[] => {
  const keys: WedgeKey[] = [...text].map((ch, i) =>
    ch === GS ? { key: ']', ctrlKey: true, time: start + i * gap } : { key: ch, time: start + i * gap },
  );
  if (end !== null) keys.push({ key: end, time: start + (text.length - 1) * gap + endGap });
  return keys;
};

const feedAll = (decoder: WedgeDecoder, keys: readonly WedgeKey[]): WedgeStep[] =>
  keys.map((k) => decoder.feed(k));
const scansOf = (steps: readonly WedgeStep[]): string[] =>
  steps.flatMap((s) => (s.type === 'scan' ? [s.code] : []));
const decoderWith = (patch: Partial<WedgeSettings> = {}): WedgeDecoder =>
  new WedgeDecoder({ ...defaultWedgeSettings, ...patch });

describe('WedgeDecoder', () => {
  it('turns a fast burst ended by Enter into one scan', () => {
    const steps = feedAll(decoderWith(), keysOf('5901234123457'));
    expect(scansOf(steps)).toEqual(['5901234123457']);
    expect(steps[0]).toEqual({ type: 'char', startsBurst: true });
    expect(steps[1]).toEqual({ type: 'char', startsBurst: false });
    expect(steps.at(-1)).toEqual({ type: 'scan', code: '5901234123457' });
  });

  it('also ends a scan on Tab by default, but not when only Enter is configured', () => {
    expect(scansOf(feedAll(decoderWith(), keysOf('ABC-123', { end: 'Tab' })))).toEqual(['ABC-123']);
    const enterOnly = decoderWith({ suffix: ['Enter'] });
    expect(scansOf(feedAll(enterOnly, keysOf('ABC-123', { end: 'Tab' })))).toEqual([]);
  });

  it('leaves human typing alone: keys slower than the threshold never make a scan', () => {
    const steps = feedAll(decoderWith(), keysOf('hello world', { gap: 120 }));
    expect(scansOf(steps)).toEqual([]);
    expect(steps.at(-1)).toEqual({ type: 'ignore' });
    expect(steps.every((s) => s.type !== 'char' || s.startsBurst)).toBe(true);
  });

  it('ignores a fast burst shorter than the minimum length (a quick "ok" + Enter)', () => {
    expect(scansOf(feedAll(decoderWith(), keysOf('ok')))).toEqual([]);
    expect(scansOf(feedAll(decoderWith({ minLength: 2 }), keysOf('ok')))).toEqual(['ok']);
  });

  it('takes an Enter delayed by a hiccup as the end of the scan, but not one pressed seconds later', () => {
    expect(scansOf(feedAll(decoderWith(), keysOf('ABCDEF', { endGap: 300 })))).toEqual(['ABCDEF']);
    expect(scansOf(feedAll(decoderWith(), keysOf('ABCDEF', { endGap: 2000 })))).toEqual([]);
  });

  it('takes a burst with pauses longer than the configured one (a slow scanner, a busy phone) as one scan', () => {
    const decoder = decoderWith({ maxGapMs: 30 });
    const head = keysOf('59012341', { end: null });
    const tail = keysOf('23457', { start: (head.at(-1)?.time ?? 0) + 180 });
    const steps = feedAll(decoder, [...head, ...tail]);
    expect(scansOf(steps)).toEqual(['5901234123457']);
    expect(steps.filter((s) => s.type === 'char' && s.startsBurst)).toHaveLength(1);
  });

  it('reports a burst stopped for longer than a hiccup as partial, with what came after it', () => {
    const decoder = decoderWith();
    const head = keysOf('LOC-01', { end: null });
    feedAll(decoder, head);
    const last = head.at(-1)?.time ?? 0;
    expect(decoder.stall(last + 100)).toBeNull();
    expect(decoder.stall(last + 600)).toBe('LOC-01');
    const tail = keysOf('-02', { start: last + 1500 });
    expect(feedAll(decoder, tail).at(-1)).toEqual({ type: 'partial', code: 'LOC-01-02' });
    // Seconds later the user scans again: a new scan, nothing of the old one.
    expect(scansOf(feedAll(decoder, keysOf('LOC-01-02', { start: last + 9000 })))).toEqual(['LOC-01-02']);
  });

  it('keeps a key typed by hand just before a scan out of the code', () => {
    const decoder = decoderWith();
    const typed: WedgeKey[] = [{ key: 'x', time: 1000 }];
    const steps = feedAll(decoder, [...typed, ...keysOf('LOC-01-02', { start: 1300 })]);
    expect(scansOf(steps)).toEqual(['LOC-01-02']);
  });

  it('starts a new burst after a slow key: typed text before the scan is not part of the code', () => {
    const decoder = decoderWith();
    const typed = keysOf('qty', { gap: 150, end: null });
    const scanned = keysOf('LOC-01-02', { start: 5000 });
    const steps = feedAll(decoder, [...typed, ...scanned]);
    expect(scansOf(steps)).toEqual(['LOC-01-02']);
    expect(steps[typed.length]).toEqual({ type: 'char', startsBurst: true });
  });

  it('drops a burst interrupted by a key that types nothing, by auto-repeat or by IME composition', () => {
    const decoder = decoderWith();
    const keys = keysOf('ABCDEF');
    const interrupted = [...keys.slice(0, 3), { key: 'Backspace', time: 1020 }, ...keys.slice(3)];
    // After the Backspace only "DEF" remains — shorter than 4.
    expect(scansOf(feedAll(decoder, interrupted))).toEqual([]);
    const repeated = keysOf('AAAAAA').map((k, i) => (i > 0 && i < 6 ? { ...k, repeat: true } : k));
    expect(scansOf(feedAll(decoderWith(), repeated))).toEqual([]);
    const composing = keysOf('ABCDEF').map((k, i) => (i === 2 ? { ...k, isComposing: true } : k));
    expect(scansOf(feedAll(decoderWith(), composing))).toEqual([]);
  });

  it('ignores modifier keys between characters (Shift before capitals)', () => {
    const keys: WedgeKey[] = [
      { key: 'Shift', time: 1000 },
      { key: 'A', time: 1004 },
      { key: 'Shift', time: 1008 },
      { key: 'B', time: 1012 },
      { key: '1', time: 1020 },
      { key: '2', time: 1028 },
      { key: 'Enter', time: 1036 },
    ];
    expect(scansOf(feedAll(decoderWith(), keys))).toEqual(['AB12']);
  });

  it('keeps the GS character sent as Ctrl+] or as a raw 0x1D key', () => {
    const ctrl = scansOf(feedAll(decoderWith(), keysOf(`0109506000134352${GS}10ABC${GS}21X1`)));
    expect(ctrl).toEqual([`0109506000134352${GS}10ABC${GS}21X1`]);
    const raw: WedgeKey[] = [
      ...keysOf('10ABC', { end: null }),
      { key: GS, time: 1040 },
      ...keysOf('21X1', { start: 1048 }),
    ];
    expect(scansOf(feedAll(decoderWith(), raw))).toEqual([`10ABC${GS}21X1`]);
  });

  it('maps the configured FNC1 substitute to GS and passes AIM prefixes through for the GS1 parser', () => {
    const tilde = decoderWith({ fnc1Substitute: '~' });
    const [code] = scansOf(feedAll(tilde, keysOf(']C10109506000134352~10ABC~21X1')));
    expect(code).toBe(`]C10109506000134352${GS}10ABC${GS}21X1`);
    const parsed = parseGs1(code ?? '', { today: '2026-01-01' });
    expect(parsed).toMatchObject({
      ok: true,
      symbology: 'gs1-128',
      gtin: '09506000134352',
      lot: 'ABC',
      serial: 'X1',
    });

    // ']' as the substitute: the ']' of the AIM prefix stays.
    const bracket = decoderWith({ fnc1Substitute: ']' });
    expect(scansOf(feedAll(bracket, keysOf(']d20109506000134352]10LOT7')))).toEqual([
      `]d20109506000134352${GS}10LOT7`,
    ]);
    expect(scansOf(feedAll(decoderWith(), keysOf(']Q30109506000134352')))).toEqual([']Q30109506000134352']);
  });

  it('requires and strips the configured prefix', () => {
    const decoder = decoderWith({ prefix: '#' });
    expect(scansOf(feedAll(decoder, keysOf('#P-000123')))).toEqual(['P-000123']);
    expect(scansOf(feedAll(decoder, keysOf('P-000123')))).toEqual([]);
    // The minimum length counts the code, not the prefix.
    expect(scansOf(feedAll(decoder, keysOf('#ABC')))).toEqual([]);
  });

  it('without a suffix, ends the scan when the keys pause (flush)', () => {
    const decoder = decoderWith({ suffix: [] });
    const steps = feedAll(decoder, keysOf('4006381333931', { end: null }));
    expect(scansOf(steps)).toEqual([]);
    const last = 1000 + 12 * 8;
    expect(decoder.flush(last + 10)).toBeNull();
    expect(decoder.flush(last + 100)).toBe('4006381333931');
    expect(decoder.flush(last + 200)).toBeNull();
    // Enter is then an ordinary key.
    expect(scansOf(feedAll(decoder, keysOf('4006381333931')))).toEqual([]);
  });

  it('flush does nothing while a suffix is configured', () => {
    const decoder = decoderWith();
    feedAll(decoder, keysOf('4006381333931', { end: null }));
    expect(decoder.flush(10_000)).toBeNull();
    expect(decoder.pending).toBe('4006381333931');
  });

  it('forgets the burst when reconfigured', () => {
    const decoder = decoderWith();
    feedAll(decoder, keysOf('ABCD', { end: null }));
    decoder.configure({ ...defaultWedgeSettings, maxGapMs: 50 });
    expect(decoder.pending).toBe('');
    expect(decoder.feed({ key: 'Enter', time: 1040 })).toEqual({ type: 'ignore' });
  });

  it('does not treat Ctrl+Enter or shortcuts as part of a scan', () => {
    const decoder = decoderWith();
    const keys = keysOf('ABCDEF', { end: null });
    const steps = feedAll(decoder, [...keys, { key: 'Enter', ctrlKey: true, time: 1050 }]);
    expect(steps.at(-1)).toEqual({ type: 'ignore' });
    expect(decoder.feed({ key: 'c', ctrlKey: true, time: 1060 })).toEqual({ type: 'ignore' });
  });
});

describe('applyFnc1Substitute', () => {
  it('replaces every occurrence after an AIM prefix, multi-character substitutes included', () => {
    expect(applyFnc1Substitute('10A<GS>21B', '<GS>')).toBe(`10A${GS}21B`);
    expect(applyFnc1Substitute(']C1~10A~21B', '~')).toBe(`]C1${GS}10A${GS}21B`);
    expect(applyFnc1Substitute('10A~21B', '')).toBe('10A~21B');
  });
});
