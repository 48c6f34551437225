/** How prices are rounded to the configured decimals: to the nearest (halves up), always down, or always up. */
export const roundingModes = ['nearest', 'down', 'up'] as const;
export type RoundingMode = (typeof roundingModes)[number];

/**
 * Rounds a non-negative amount to `decimals` places. Values within a billionth of a step of a whole step are
 * taken as that step, so binary fractions (1.005 × 100 = 100.49999…) round as written.
 */
export const roundPrice = (value: number, decimals: number, mode: RoundingMode): number => {
  const places = Math.min(Math.max(Math.trunc(decimals), 0), 6);
  const factor = 10 ** places;
  const scaled = value * factor;
  const tolerance = 1e-9 * Math.max(1, Math.abs(scaled));
  const nearestWhole = Math.round(scaled);
  let steps: number;
  if (Math.abs(scaled - nearestWhole) <= tolerance) steps = nearestWhole;
  else if (mode === 'down') steps = Math.floor(scaled);
  else if (mode === 'up') steps = Math.ceil(scaled);
  else {
    const floor = Math.floor(scaled);
    steps = scaled - floor >= 0.5 - tolerance ? floor + 1 : floor;
  }
  return steps / factor;
};
