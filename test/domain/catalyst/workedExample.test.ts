import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { type PriceLine, priceCatalyst } from '../../../domain/catalyst/pricing';
import { workedExample } from './fixtures';

const doc = readFileSync(join(import.meta.dirname, '../../../docs/catalyst-pricing.md'), 'utf8');

/** The rows of the Markdown table after `<!-- worked-example:<name> -->`, as label → numbers. */
const table = (name: string): Map<string, number[]> => {
  const start = doc.indexOf(`<!-- worked-example:${name} -->`);
  if (start < 0) throw new Error(`docs/catalyst-pricing.md has no worked-example:${name} table`);
  const rows = new Map<string, number[]>();
  const lines = doc.slice(start).split('\n').slice(1);
  for (const line of lines.slice(2)) {
    if (!line.startsWith('|')) break;
    const cells = line
      .split('|')
      .slice(1, -1)
      .map((c) => c.trim());
    rows.set(cells[0] ?? '', cells.slice(1).map(Number));
  }
  return rows;
};

const close = (actual: number, expected: number) =>
  expect(Math.abs(actual - expected), `${actual} ≠ ${expected}`).toBeLessThanOrEqual(5e-7);

describe('the worked example of docs/catalyst-pricing.md', () => {
  const result = priceCatalyst(workedExample());
  const metal = (shortName: string) => {
    const line = result.lines.find((l) => l.kind === 'metal' && l.shortName === shortName);
    if (line?.kind !== 'metal') throw new Error(`no line for ${shortName}`);
    return line;
  };
  const byKind = (kind: PriceLine['kind']) => result.lines.find((l) => l.kind === kind)?.value ?? 0;

  it('has every step of every metal as the engine computes it', () => {
    const rows = table('metals');
    const steps: Record<string, (l: ReturnType<typeof metal>) => number> = {
      'exchange rate': (l) => l.steps.exchangeRate,
      'converted quote': (l) => l.steps.converted,
      'after the value multiplier': (l) => l.steps.afterMultiplier,
      'after the minimal reduction': (l) => l.steps.afterReduction,
      'after the lease rate': (l) => l.steps.afterLease,
      'after the constant value': (l) => l.steps.afterConstant,
      'within min and max rate': (l) => l.steps.clamped,
      'effective rate (× 0.95)': (l) => l.rate,
      'grams (1.5 kg × content)': (l) => l.grams,
      'payable grams': (l) => l.payableGrams,
      'metal value': (l) => l.value,
    };
    expect([...rows.keys()].sort()).toEqual(Object.keys(steps).sort());
    for (const [label, values] of rows)
      ['Pt', 'Pd', 'Rh'].forEach((m, i) => {
        const read = steps[label];
        if (!read) throw new Error(label);
        close(read(metal(m)), values[i] ?? Number.NaN);
      });
  });

  it('has the price lines and the price', () => {
    const rows = table('price');
    const metals = ['Pt', 'Pd', 'Rh'].reduce((s, m) => s + metal(m).value, 0);
    const subtotal = metals + byKind('processingCost') + byKind('refiningCharge');
    const expected: Record<string, number> = {
      'metal values': metals,
      'processing cost': byKind('processingCost'),
      'refining charge (1.44 kg dry × 0.50)': byKind('refiningCharge'),
      subtotal,
      'individual rule (× 1.02 − 1.00)': byKind('individualRule'),
      'before rounding': subtotal + byKind('individualRule'),
      rounding: byKind('rounding'),
      price: result.price ?? Number.NaN,
    };
    expect([...rows.keys()].sort()).toEqual(Object.keys(expected).sort());
    for (const [label, [value]] of rows) close(expected[label] ?? Number.NaN, value ?? Number.NaN);
    expect(result.price).toBe(85.24);
    expect(result.dryWeight).toBeCloseTo(1.44, 12);
  });
});
