import { describe, expect, it } from 'vitest';
import { buildPrintHtml } from '../../../src/resources/printView';

describe('buildPrintHtml', () => {
  it('builds one escaped table', () => {
    const html = buildPrintHtml({
      title: 'A & B',
      lang: 'en-us',
      headers: ['Name', '<x>'],
      rows: [['"q"', "it's"]],
      subtitle: '1/1',
    });
    expect(html).toContain('<title>A &amp; B</title>');
    expect(html).toContain('<th>Name</th><th>&lt;x&gt;</th>');
    expect(html).toContain('<td>&quot;q&quot;</td><td>it&#39;s</td>');
    expect(html).toContain('<p>1/1</p>');
    expect(html).not.toContain('<script');
  });
});
