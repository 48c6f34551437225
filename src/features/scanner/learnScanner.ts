import { gapLimits } from './scannerSettings';
import type { SuffixKey, WedgeKey } from './wedgeDecoder';

/** What learning found: the pause to allow between two keys of one scan, and the key that ends a scan. */
export interface LearntTiming {
  readonly maxGapMs: number;
  readonly suffix: readonly SuffixKey[];
  /** The longest pause measured inside a scan (ms). */
  readonly longestGapMs: number;
}

const isSuffix = (k: WedgeKey): k is WedgeKey & { key: SuffixKey } => k.key === 'Enter' || k.key === 'Tab';

/**
 * From a few scans (the keys each typed, its suffix included when the scanner sends one): the pause to allow is the
 * longest one measured inside a scan, with half as much again for a busier moment (5–200 ms); the suffix is the key
 * every scan ended with (Enter, Tab, either, or none: the scan then ends on the pause).
 */
export const learnTiming = (scans: readonly (readonly WedgeKey[])[]): LearntTiming | null => {
  const usable = scans.filter((keys) => keys.filter((k) => !isSuffix(k)).length >= 2);
  if (usable.length === 0) return null;
  let longest = 0;
  for (const keys of usable)
    for (let i = 1; i < keys.length; i++) {
      const prev = keys[i - 1];
      const key = keys[i];
      if (prev && key) longest = Math.max(longest, key.time - prev.time);
    }
  const ends = usable.map((keys) => keys.at(-1)).map((k) => (k && isSuffix(k) ? k.key : null));
  const suffix: readonly SuffixKey[] = ends.every((e) => e === 'Enter')
    ? ['Enter']
    : ends.every((e) => e === 'Tab')
      ? ['Tab']
      : ends.every((e) => e === null)
        ? []
        : ['Enter', 'Tab'];
  const maxGapMs = Math.min(gapLimits.max, Math.max(gapLimits.min, Math.ceil(longest * 1.5) + 5));
  return { maxGapMs, suffix, longestGapMs: Math.round(longest) };
};

/** How many scans learning asks for. */
export const scansToLearn = 3;

/** A scan without a suffix ends when the keys stop this long. */
const quietEndMs = 1000;

/**
 * Records the keys of the next scans (until `scansToLearn` of them arrived) and reports each one; returns the stop.
 * The caller pauses scan recognition meanwhile (pauseWedge), so nothing acts on these scans.
 */
export const recordScans = (
  onScan: (keys: readonly WedgeKey[], count: number) => void,
  onDone: (scans: readonly (readonly WedgeKey[])[]) => void,
): (() => void) => {
  const scans: WedgeKey[][] = [];
  let current: WedgeKey[] = [];
  let quiet: ReturnType<typeof setTimeout> | undefined;
  const finish = () => {
    if (current.length < 2) {
      current = [];
      return;
    }
    scans.push(current);
    current = [];
    onScan(scans.at(-1) ?? [], scans.length);
    if (scans.length >= scansToLearn) {
      stop();
      onDone(scans);
    }
  };
  const onKey = (event: KeyboardEvent) => {
    if (event.repeat || event.key.length !== 1) {
      if (event.key !== 'Enter' && event.key !== 'Tab') return;
    }
    event.preventDefault();
    event.stopPropagation();
    clearTimeout(quiet);
    current.push({ key: event.key, time: event.timeStamp });
    if (event.key === 'Enter' || event.key === 'Tab') finish();
    else quiet = setTimeout(finish, quietEndMs);
  };
  const stop = () => {
    clearTimeout(quiet);
    document.removeEventListener('keydown', onKey, { capture: true });
  };
  document.addEventListener('keydown', onKey, { capture: true });
  return stop;
};
