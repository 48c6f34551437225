import { groupSeparator } from './scan';

/** The keys that can end a wedge scan. */
export const suffixKeys = ['Enter', 'Tab'] as const;
export type SuffixKey = (typeof suffixKeys)[number];

export interface WedgeSettings {
  /** Characters the scanner sends before each code ('' = none); stripped from the code. */
  readonly prefix: string;
  /** Keys that end a scan; empty = the scan ends when the keys stop for `maxGapMs`. */
  readonly suffix: readonly SuffixKey[];
  /** What the scanner types for FNC1 when it cannot send the GS character ('' = none), e.g. ']' or '~'. */
  readonly fnc1Substitute: string;
  /** Longest pause between two keys of one scan; humans are slower. */
  readonly maxGapMs: number;
  /** Fewest characters (after the prefix) that count as a scan. */
  readonly minLength: number;
}

export const defaultWedgeSettings: WedgeSettings = {
  prefix: '',
  suffix: ['Enter', 'Tab'],
  fnc1Substitute: '',
  maxGapMs: 50,
  minLength: 4,
};

/** The parts of a keydown event the decoder reads; `time` in ms (event.timeStamp). */
export interface WedgeKey {
  readonly key: string;
  readonly time: number;
  readonly ctrlKey?: boolean;
  readonly altKey?: boolean;
  readonly metaKey?: boolean;
  readonly repeat?: boolean;
  readonly isComposing?: boolean;
}

/**
 * What a key meant:
 * - `ignore`: not part of a scan (modifier, human typing, navigation key);
 * - `char`: buffered; `startsBurst` when it opens a new burst (the caller snapshots the input then);
 * - `scan`: the suffix closed a scan — the caller swallows the key and delivers `code`;
 * - `partial`: the suffix closed a burst the scanner interrupted for longer than a hiccup — only `code` arrived,
 *   which is not a code to act on: the caller swallows the key and tells the user (never a silent drop).
 */
export type WedgeStep =
  | { readonly type: 'ignore' }
  | { readonly type: 'char'; readonly startsBurst: boolean }
  | { readonly type: 'scan'; readonly code: string }
  | { readonly type: 'partial'; readonly code: string };

/**
 * The longest pause a scanner's burst may make and still be one scan (a busy phone, a slow scanner): ten times the
 * configured pause, at least half a second. A human's first key before a scan is no part of it (a burst starts
 * with two fast keys).
 */
export const hiccupMsOf = (settings: WedgeSettings): number => Math.max(500, 10 * settings.maxGapMs);

/** How long the part of an interrupted burst waits for the rest: after this a new burst is a new scan. */
export const interruptedForgetMs = 3000;

const modifierKeys = new Set(['Shift', 'Control', 'Alt', 'AltGraph', 'Meta', 'CapsLock', 'NumLock', 'Fn']);
const aimPrefix = /^\][A-Za-z][0-9A-Za-z]/;

/** The character a key types, GS for Ctrl+] (ASCII 29) or a raw GS; null for keys that type nothing. */
const charOf = (k: WedgeKey): string | null => {
  if (k.key === groupSeparator) return groupSeparator;
  if (k.ctrlKey && !k.altKey && k.key === ']') return groupSeparator;
  if (k.ctrlKey || k.altKey || k.metaKey) return null;
  return k.key.length === 1 ? k.key : null;
};

/**
 * Maps the FNC1 substitute to GS, leaving an AIM symbology prefix (`]C1`, `]d2`, `]Q3`, …) alone so
 * that ']' can be the substitute too.
 */
export const applyFnc1Substitute = (raw: string, substitute: string): string => {
  if (!substitute) return raw;
  const aim = aimPrefix.exec(raw)?.[0] ?? '';
  return aim + raw.slice(aim.length).split(substitute).join(groupSeparator);
};

/**
 * Tells a keyboard-wedge scanner's burst from human typing, key by key. Pure: times come with the keys.
 * A scan is a run of at least `minLength` characters (after the prefix) typed as a burst: keys follow each other
 * within `maxGapMs`, with pauses of at most a hiccup (`hiccupMsOf`) in between as long as most keys are fast, and
 * the suffix follows within a hiccup. A slow key before any fast one starts a new burst (typed text is not part of
 * the code); a key auto-repeat, an IME composition or a key that types nothing (arrows, Backspace, shortcuts) ends
 * the burst. A burst stopped for longer than a hiccup is reported as partial, with what arrived after it.
 */
export class WedgeDecoder {
  private settings: WedgeSettings;
  private buffer = '';
  private lastTime = Number.NEGATIVE_INFINITY;
  /** Gaps between the run's keys, and how many of them were fast. */
  private gaps = 0;
  private fastGaps = 0;
  /** The part of a burst that stopped without its suffix, and when its last key came. */
  private interrupted: { readonly text: string; readonly at: number } | null = null;

  constructor(settings: WedgeSettings = defaultWedgeSettings) {
    this.settings = settings;
  }

  configure(settings: WedgeSettings): void {
    this.settings = settings;
    this.reset();
  }

  reset(): void {
    this.clearRun();
    this.interrupted = null;
  }

  private clearRun(): void {
    this.buffer = '';
    this.lastTime = Number.NEGATIVE_INFINITY;
    this.gaps = 0;
    this.fastGaps = 0;
  }

  /** The characters of the burst so far (for tests and diagnostics). */
  get pending(): string {
    return this.buffer;
  }

  /** The run so far was typed as a scanner types: at least two keys, mostly fast. */
  private isBurst(extraGaps = 0, extraFast = 0): boolean {
    const gaps = this.gaps + extraGaps;
    const fast = this.fastGaps + extraFast;
    return this.fastGaps > 0 && fast * 2 >= gaps;
  }

  feed(k: WedgeKey): WedgeStep {
    if (modifierKeys.has(k.key)) return { type: 'ignore' };
    if (k.repeat || k.isComposing) {
      this.reset();
      return { type: 'ignore' };
    }
    const gap = k.time - this.lastTime;
    const hiccup = hiccupMsOf(this.settings);
    if (
      (this.settings.suffix as readonly string[]).includes(k.key) &&
      !k.ctrlKey &&
      !k.altKey &&
      !k.metaKey
    ) {
      const fast = gap <= this.settings.maxGapMs;
      const burst = this.buffer !== '' && gap <= hiccup && this.isBurst(1, fast ? 1 : 0);
      const run = this.buffer;
      const before =
        this.interrupted && k.time - this.interrupted.at <= interruptedForgetMs ? this.interrupted : null;
      this.reset();
      if (!burst) return { type: 'ignore' };
      if (before) return { type: 'partial', code: `${before.text}${run}` };
      const code = this.codeOf(run);
      return code === null ? { type: 'ignore' } : { type: 'scan', code };
    }
    const char = charOf(k);
    if (char === null) {
      this.reset();
      return { type: 'ignore' };
    }
    let startsBurst = false;
    if (this.buffer === '') startsBurst = true;
    else if (gap <= this.settings.maxGapMs) {
      this.gaps += 1;
      this.fastGaps += 1;
    } else if (gap <= hiccup && this.fastGaps > 0) this.gaps += 1;
    else {
      // A pause too long for one burst: what came before was typing, or a burst that stopped.
      this.stopRun(this.lastTime);
      startsBurst = true;
    }
    if (startsBurst) {
      this.clearRun();
    }
    this.buffer += char;
    this.lastTime = k.time;
    return { type: 'char', startsBurst };
  }

  /** Ends the current run without its suffix: a scanner burst of it is kept as interrupted. */
  private stopRun(lastKeyAt: number): string | null {
    const suffixed = this.settings.suffix.length > 0;
    const fragment = suffixed && this.buffer.length >= 2 && this.isBurst() ? this.buffer : null;
    if (fragment !== null)
      this.interrupted = { text: `${this.interrupted?.text ?? ''}${fragment}`, at: lastKeyAt };
    this.clearRun();
    return fragment;
  }

  /**
   * With a suffix configured: a burst that has waited longer than a hiccup for its next key stopped. Returns what
   * arrived of it (to tell the user at once), keeping it to join the rest should it still come; null otherwise.
   */
  stall(now: number): string | null {
    if (this.settings.suffix.length === 0 || this.buffer === '') return null;
    if (now - this.lastTime <= hiccupMsOf(this.settings)) return null;
    const before = this.interrupted?.text ?? '';
    const fragment = this.stopRun(this.lastTime);
    return fragment === null ? null : `${before}${fragment}`;
  }

  /**
   * For scanners without a suffix: call when no key came since `now - maxGapMs`; returns the scan
   * the burst made, if any, and clears it. With a suffix configured a burst never ends this way.
   */
  flush(now: number): string | null {
    if (this.settings.suffix.length > 0 || this.buffer === '') return null;
    if (now - this.lastTime <= this.settings.maxGapMs) return null;
    const code = this.gaps === this.fastGaps ? this.codeOf(this.buffer) : null;
    this.clearRun();
    return code;
  }

  private codeOf(run: string): string | null {
    const { prefix, minLength, fnc1Substitute } = this.settings;
    if (!run.startsWith(prefix)) return null;
    const raw = run.slice(prefix.length);
    if (raw.length < minLength) return null;
    return applyFnc1Substitute(raw, fnc1Substitute);
  }
}
