import type { PriceLine, PriceResult } from '../../../domain/catalyst/pricing';

/** "Why this price" as staff read it (GET catalyst/catalyst/{id}/why). */
export interface WhyThisPrice {
  readonly catalystId: string;
  readonly clientUserId: string | null;
  readonly group: { readonly id: string | null; readonly name: string | null };
  readonly hiddenFromClients: boolean;
  readonly breakdown: PriceResult;
  /** What the client receives; null when the catalyst is hidden from clients. */
  readonly clientView: Readonly<Record<string, unknown>> | null;
}

/** One line of the breakdown as shown: its text key (catalyst:why.lines.*), the values the text names, its amount. */
export interface BreakdownRow {
  readonly key: string;
  readonly label: PriceLine['kind'];
  readonly params: Readonly<Record<string, string | number>>;
  readonly value: number;
}

const round = (n: number, digits: number): number => Number(n.toFixed(digits));

/** The engine's lines, in its order, each with what its text needs. Their values add up to the price. */
export const breakdownRows = (result: PriceResult): BreakdownRow[] =>
  result.lines.map((line, i): BreakdownRow => {
    const key = `${line.kind}-${i}`;
    switch (line.kind) {
      case 'metal':
        return {
          key,
          label: line.kind,
          params: {
            metal: line.shortName,
            grams: round(line.grams, 3),
            returnRate: round(line.returnRate, 2),
            payable: round(line.payableGrams, 3),
            rate: round(line.rate, 4),
            market: round(line.steps.marketRate, 4),
          },
          value: line.value,
        };
      case 'refiningCharge':
        return {
          key,
          label: line.kind,
          params: { dryWeight: round(line.dryWeight, 3), perKg: line.chargePerKg },
          value: line.value,
        };
      case 'individualRule':
        return {
          key,
          label: line.kind,
          params: {
            multiplier: line.multiplier,
            surcharge: line.surcharge,
            fixedPrice: line.fixedPrice ?? '—',
          },
          value: line.value,
        };
      case 'fixedValue':
        return { key, label: line.kind, params: { fixedValue: line.fixedValue }, value: line.value };
      default:
        return { key, label: line.kind, params: {}, value: line.value };
    }
  });
