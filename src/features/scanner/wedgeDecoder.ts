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
 * - `scan`: the suffix closed a scan — the caller swallows the key and delivers `code`.
 */
export type WedgeStep =
  | { readonly type: 'ignore' }
  | { readonly type: 'char'; readonly startsBurst: boolean }
  | { readonly type: 'scan'; readonly code: string };

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
 * A scan is a run of at least `minLength` characters (after the prefix) whose keys, and the suffix,
 * each follow the previous one within `maxGapMs`. A slower key starts a new burst; a key auto-repeat,
 * an IME composition or a key that types nothing (arrows, Backspace, shortcuts) ends the burst.
 */
export class WedgeDecoder {
  private settings: WedgeSettings;
  private buffer = '';
  private lastTime = Number.NEGATIVE_INFINITY;

  constructor(settings: WedgeSettings = defaultWedgeSettings) {
    this.settings = settings;
  }

  configure(settings: WedgeSettings): void {
    this.settings = settings;
    this.reset();
  }

  reset(): void {
    this.buffer = '';
    this.lastTime = Number.NEGATIVE_INFINITY;
  }

  /** The characters of the burst so far (for tests and diagnostics). */
  get pending(): string {
    return this.buffer;
  }

  feed(k: WedgeKey): WedgeStep {
    if (modifierKeys.has(k.key)) return { type: 'ignore' };
    if (k.repeat || k.isComposing) {
      this.reset();
      return { type: 'ignore' };
    }
    const fast = k.time - this.lastTime <= this.settings.maxGapMs;
    if (
      (this.settings.suffix as readonly string[]).includes(k.key) &&
      !k.ctrlKey &&
      !k.altKey &&
      !k.metaKey
    ) {
      const code = fast ? this.codeOfBurst() : null;
      this.reset();
      return code === null ? { type: 'ignore' } : { type: 'scan', code };
    }
    const char = charOf(k);
    if (char === null) {
      this.reset();
      return { type: 'ignore' };
    }
    const startsBurst = !fast || this.buffer === '';
    if (startsBurst) this.buffer = '';
    this.buffer += char;
    this.lastTime = k.time;
    return { type: 'char', startsBurst };
  }

  /**
   * For scanners without a suffix: call when no key came since `now - maxGapMs`; returns the scan
   * the burst made, if any, and clears it. With a suffix configured a burst never ends this way.
   */
  flush(now: number): string | null {
    if (this.settings.suffix.length > 0 || this.buffer === '') return null;
    if (now - this.lastTime <= this.settings.maxGapMs) return null;
    const code = this.codeOfBurst();
    this.reset();
    return code;
  }

  private codeOfBurst(): string | null {
    const { prefix, minLength, fnc1Substitute } = this.settings;
    if (!this.buffer.startsWith(prefix)) return null;
    const raw = this.buffer.slice(prefix.length);
    if (raw.length < minLength) return null;
    return applyFnc1Substitute(raw, fnc1Substitute);
  }
}
