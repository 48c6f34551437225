/** GET catalyst/market: the metals and exchange rates now, in the company's price currency. */
export interface MarketNow {
  readonly now: string;
  readonly currency: string;
  readonly metals: readonly {
    readonly id: string;
    readonly shortName: string;
    readonly name: string;
    readonly quoteCurrency: string;
    readonly marketRate: number | null;
    readonly effectiveRate: number | null;
    readonly marketPhase: string | null;
    readonly at: string | null;
  }[];
  readonly exchanges: readonly {
    readonly id: string;
    readonly pairName: string;
    readonly marketPrice: number | null;
    readonly at: string | null;
  }[];
}

/** One rate's history (GET companystockraterule/charts, companycurrencyraterule/charts). */
export interface ChartSeries {
  readonly rateId: string;
  readonly label: string;
  readonly name: string;
  readonly points: readonly {
    readonly at: string;
    readonly price: number;
    readonly companyPrice: number | null;
  }[];
}

/** A point as the chart draws it: its time as a short label, the market quote and the company's rate. */
export interface ChartRow {
  readonly [key: string]: string | number | null;
  readonly label: string;
  readonly market: number;
  readonly company: number | null;
}

/** The start of a period of `days` days ending at `now` (the server's time, so a test's clock holds). */
export const periodStart = (now: string, days: number): string =>
  new Date(Date.parse(now) - days * 86_400_000).toISOString();

/** The points of a series in time order, labelled with day and time (UTC) in the user's language. */
export const chartRows = (series: ChartSeries, lng: string): ChartRow[] => {
  const format = new Intl.DateTimeFormat(lng, {
    day: '2-digit',
    month: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    timeZone: 'UTC',
  });
  return [...series.points]
    .sort((a, b) => Date.parse(a.at) - Date.parse(b.at))
    .map((p) => ({ label: format.format(new Date(p.at)), market: p.price, company: p.companyPrice }));
};
