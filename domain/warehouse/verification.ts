import type { VerificationApproval } from './logisticsConfig';
import { compareQuantities, roundQuantity, subtractQuantity } from './quantity';

/**
 * Verification (stock count) order status (docs/warehouse-rules.md, "Verification"), derived from the counted
 * positions.
 */
export const verificationStatuses = [
  'notStarted',
  'inProgressNoDifferences',
  'inProgressWithDifferences',
  'finishedNoDifferences',
  'finishedWithDifferences',
] as const;
export type VerificationStatus = (typeof verificationStatuses)[number];

/** One counted line: what the stock says and what was found (null = not counted yet). */
export interface VerificationLine {
  readonly expected: number;
  readonly counted: number | null;
}

export interface VerificationDifference<P extends VerificationLine = VerificationLine> {
  readonly index: number;
  readonly position: P;
  readonly expected: number;
  readonly counted: number;
  /** counted − expected: positive = surplus (verify receipt), negative = shortage (verify release). */
  readonly difference: number;
}

/**
 * Lines whose count differs from stock. While counting, an uncounted line is no difference yet;
 * once finished, an uncounted line counts as zero found (the goods were not there).
 */
export const verificationDifferences = <P extends VerificationLine>(
  positions: readonly P[],
  finished = false,
): VerificationDifference<P>[] =>
  positions.flatMap((position, index) => {
    if (position.counted === null && !finished) return [];
    const counted = roundQuantity(position.counted ?? 0);
    const expected = roundQuantity(position.expected);
    const difference = subtractQuantity(counted, expected);
    return difference === 0 ? [] : [{ index, position, expected, counted, difference }];
  });

export const verificationStatus = (
  positions: readonly VerificationLine[],
  finished: boolean,
): VerificationStatus => {
  const differs = verificationDifferences(positions, finished).length > 0;
  if (finished) return differs ? 'finishedWithDifferences' : 'finishedNoDifferences';
  if (positions.every((p) => p.counted === null)) return 'notStarted';
  return differs ? 'inProgressWithDifferences' : 'inProgressNoDifferences';
};

/**
 * Whether a count needs a manager's approval before documents are generated: any difference whose size
 * exceeds the absolute `quantity` or the `percent` of the expected quantity (a surplus on an expected 0
 * is an infinite percent). With the switch on and neither limit set, every difference needs approval.
 */
export const needsApproval = (
  differences: readonly Pick<VerificationDifference, 'expected' | 'difference'>[],
  threshold: VerificationApproval,
): boolean => {
  if (!threshold.enabled) return false;
  const { quantity, percent } = threshold;
  return differences.some(({ expected, difference }) => {
    const size = Math.abs(difference);
    if (size === 0) return false;
    if (quantity === null && percent === null) return true;
    if (quantity !== null && compareQuantities(size, quantity) > 0) return true;
    if (percent !== null) {
      if (expected === 0) return true;
      return (size / Math.abs(expected)) * 100 > percent;
    }
    return false;
  });
};
