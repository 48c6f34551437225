/** Where a scanned code came from. */
export type ScanSource = 'wedge' | 'camera' | 'manual';

/** One scanned code, as the screens receive it (AIM prefix and GS separators kept for the GS1 parser). */
export interface Scan {
  readonly code: string;
  readonly source: ScanSource;
}

/** The GS character (ASCII 29) that stands for FNC1 between variable-length GS1 fields. */
export const groupSeparator = '\u001d';

/** A code for display: the invisible GS shown as ␝ so that users can check their scanner's output. */
export const visibleCode = (code: string): string => code.split(groupSeparator).join('\u241d');
