import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { formatFinding, scanLiterals, scanSource } from '../../scripts/literalScanner.mjs';

const root = resolve(import.meta.dirname, '..', '..');

describe('literal text scanner', () => {
  it('flags JSX text and text attributes, and accepts t() and i18n-ignore', () => {
    const source = [
      'export const A = ({ t, n }: { t: (k: string) => string; n: number }) => (',
      '  <div title="Hello" aria-label={t("x")} data-testid="signin-submit">',
      '    Save changes',
      '    {t("common.save")} {n} / {n}',
      '    <img alt={n ? "Logo" : t("logo")} src="/a.png" />',
      '    <input placeholder={`Search`} />',
      '    <b>{"Literal child"}</b>',
      '    <i>Brand name</i> {/* i18n-ignore */}',
      '    &nbsp;·&nbsp;',
      '  </div>',
      ');',
    ].join('\n');
    const found = scanSource(source, 'a.tsx').map((f) => `${f.line}:${f.kind}:${f.text}`);
    expect(found).toEqual([
      '2:attribute title:Hello',
      '3:JSX text:Save changes',
      '5:attribute alt:Logo',
      '6:attribute placeholder:Search',
      '7:JSX string child:Literal child',
    ]);
  });

  it('finds no literal human text in src/**/*.tsx (use t(...) or mark the line with i18n-ignore)', () => {
    const findings = scanLiterals(root).map(formatFinding);
    expect(findings).toEqual([]);
  });
});
