import { describe, expect, it } from 'vitest';
import { code128Svg, svgDataUrl } from '../../../../src/features/locations/barcode';
import { buildLabelSheetHtml } from '../../../../src/features/locations/labelPrint';

describe('location labels', () => {
  it('draws a CODE128 as SVG', async () => {
    const svg = await code128Svg('A01-R02-S3');
    expect(svg).toMatch(/^<svg[^>]*viewBox/);
    expect(svg).toContain('<path');
    expect(svgDataUrl(svg)).toMatch(/^data:image\/svg\+xml;charset=utf-8,%3Csvg/);
  });

  it('refuses an empty label', async () => {
    await expect(code128Svg('')).rejects.toThrow();
  });

  it('prints one label per location with inline bars and escaped text', () => {
    const html = buildLabelSheetHtml({
      title: 'Labels <1>',
      lang: 'pl-pl',
      labels: [
        { text: 'A01', svg: '<?xml version="1.0"?><svg id="a"></svg>' },
        { text: 'B<2>', svg: '<svg id="b"></svg>', caption: 'Rack & shelf' },
      ],
    });
    expect(html).toContain('<html lang="pl-pl">');
    expect(html).toContain('<title>Labels &lt;1&gt;</title>');
    expect(html.match(/class="label"/g)).toHaveLength(2);
    expect(html).not.toContain('<?xml');
    expect(html).toContain('<svg id="a"></svg><div class="text">A01</div>');
    expect(html).toContain('B&lt;2&gt;');
    expect(html).toContain('<div class="caption">Rack &amp; shelf</div>');
  });
});
