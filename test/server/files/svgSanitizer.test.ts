import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { JSDOM } from 'jsdom';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../../domain/errors';
import { sanitizeSvg } from '../../../server/files/svgSanitizer';

const corpusDir = join(__dirname, '../../data/xss');
const svgNs = 'http://www.w3.org/2000/svg';

/** Every vector of the public corpus (one per line) and every SVG file of it. */
const corpus = (): { name: string; text: string }[] => {
  const out: { name: string; text: string }[] = [];
  for (const file of readdirSync(corpusDir).sort()) {
    const text = readFileSync(join(corpusDir, file), 'utf8');
    if (file.endsWith('.svg')) out.push({ name: file, text });
    else if (file.endsWith('.txt'))
      text
        .split('\n')
        .map((l) => l.trim())
        .forEach((line, i) => {
          if (line) out.push({ name: `${file}:${i + 1}`, text: line });
        });
  }
  return out;
};

/** Known bypasses of the pattern-based checker this replaced (issue 24 defect 5), written by hand. */
const bypasses = [
  // separator and spacing tricks
  '<svg><a xlink:href="java&#x09;script:alert(1)"><rect width="9" height="9"/></a></svg>',
  '<svg><a href=" &#14;javascript:alert(1)"><text>x</text></a></svg>',
  '<svg><image href="javascript&#58;alert(1)"/></svg>',
  '<svg/onload=alert(1)>',
  '<svg onload\n=alert(1)></svg>',
  // character-entity encoding
  '<svg><a xlink:href="&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1)"><rect/></a></svg>',
  '<svg><use href="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+"/></svg>',
  // namespace prefixes
  '<svg xmlns:x="http://www.w3.org/1999/xhtml"><x:script>alert(1)</x:script></svg>',
  '<svg:svg xmlns:svg="http://www.w3.org/2000/svg"><svg:script>alert(1)</svg:script></svg:svg>',
  '<svg xmlns:h="http://www.w3.org/1999/xhtml"><h:img src="x" h:onerror="alert(1)"/></svg>',
  // animation elements that set attributes
  '<svg><animate attributeName="href" values="javascript:alert(1)"/><a><text>x</text></a></svg>',
  '<svg><a><set attributeName="href" to="javascript:alert(1)"/><rect/></a></svg>',
  '<svg><set attributeName="onmouseover" to="alert(1)"/></svg>',
  '<svg><animate onbegin="alert(1)" attributeName="x" dur="1s"/></svg>',
  // foreign content, external references, CSS
  '<svg><foreignObject><iframe srcdoc="&lt;script&gt;alert(1)&lt;/script&gt;"></iframe></foreignObject></svg>',
  '<svg><use xlink:href="http://evil.example/x.svg#a"/></svg>',
  '<svg><style>@import url(http://evil.example/x.css);</style></svg>',
  '<svg><rect style="fill:url(http://evil.example/track)"/></svg>',
  '<!DOCTYPE svg [<!ENTITY x SYSTEM "file:///etc/passwd">]><svg><text>&x;</text></svg>',
];

const { window } = new JSDOM('');
/** Parsed as a browser parses image/svg+xml: as XML. */
const parseServed = (served: string) => new window.DOMParser().parseFromString(served, 'image/svg+xml');

/** What the drawing would do in a browser that shows it: anything that runs, navigates or loads. */
const dangers = (served: string): string[] => {
  const doc = parseServed(served);
  if (doc.querySelector('parsererror')) return [`not well-formed: ${served}`];
  const found: string[] = [];
  const urlOk = /^(#|data:image\/(png|jpe?g|gif|webp);base64,)/i;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: browsers skip these inside URLs, so the check must too
  const squash = (v: string) => v.replace(/[\u0000-\u0020\u007f-\u00a0]/g, '').toLowerCase();
  for (const el of [doc.documentElement, ...doc.documentElement.querySelectorAll('*')]) {
    const name = el.localName.toLowerCase();
    if (el.namespaceURI !== svgNs) found.push(`element ${el.namespaceURI} ${name}`);
    if (/^(script|foreignobject|iframe|object|embed|animate.*|set|a|handler|listener)$/.test(name))
      found.push(`element ${name}`);
    for (const attr of el.attributes) {
      const value = squash(attr.value);
      if (attr.localName.toLowerCase().startsWith('on')) found.push(`handler ${attr.name}`);
      if (/^(href|src)$/.test(attr.localName.toLowerCase()) && !urlOk.test(value))
        found.push(`url ${attr.name}=${attr.value}`);
      if (/javascript:|vbscript:|data:text\/html|@import|expression\(/.test(value))
        found.push(`value ${attr.name}=${attr.value}`);
      if (attr.localName === 'style' && /url\((?!['"]?#)/.test(value)) found.push(`style url ${attr.value}`);
    }
    if (name === 'style' && /@import|url\((?!['"]?#)|javascript:/i.test(el.textContent ?? ''))
      found.push(`style element ${el.textContent}`);
  }
  return found;
};

/** Each vector as the whole file and inside a drawing. */
const asDrawings = (vector: string): string[] => [
  vector,
  `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink">${vector}</svg>`,
];

const outcome = async (input: string): Promise<{ served?: string; refused?: true }> => {
  try {
    return { served: await sanitizeSvg(input) };
  } catch (err) {
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).code).toBe('fileExtensionNotAllowed');
    return { refused: true };
  }
};

describe('sanitizeSvg', () => {
  it('leaves nothing active from any vector of the public corpus', async () => {
    const vectors = corpus();
    expect(vectors.length).toBeGreaterThan(600);
    let served = 0;
    for (const { name, text } of vectors)
      for (const input of asDrawings(text)) {
        const result = await outcome(input);
        if (!result.served) continue;
        served++;
        expect(dangers(result.served), `${name}: ${input}\n→ ${result.served}`).toEqual([]);
      }
    // Most vectors wrapped in a drawing come out as a (harmless) drawing: the test looks at real output.
    expect(served).toBeGreaterThan(vectors.length);
  });

  it('leaves nothing active from the known bypasses of the old pattern check', async () => {
    for (const input of bypasses) {
      const result = await outcome(input);
      if (result.served) expect(dangers(result.served), `${input}\n→ ${result.served}`).toEqual([]);
    }
  });

  it('keeps a real map drawing: shapes, text, groups, symbols, gradients, classes, embedded raster images', async () => {
    const map = `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd">
<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 200 100" width="200" height="100">
  <defs>
    <linearGradient id="g"><stop offset="0" stop-color="#eee"/><stop offset="1" stop-color="#999"/></linearGradient>
    <symbol id="rack" viewBox="0 0 10 10"><rect width="10" height="10" fill="url(#g)"/></symbol>
  </defs>
  <style>.aisle { fill: #ccc; stroke: #333; }</style>
  <g id="hall" transform="translate(5,5)">
    <rect class="aisle" x="0" y="0" width="190" height="20"/>
    <path d="M0 30 L190 30" stroke="black" stroke-dasharray="4 2"/>
    <use xlink:href="#rack" x="10" y="40" width="10" height="10"/>
    <text x="10" y="80" font-size="8">Aisle A — Regał 1</text>
    <image x="150" y="40" width="2" height="2" href="data:image/png;base64,iVBORw0KGgo="/>
  </g>
</svg>`;
    const served = await sanitizeSvg(map);
    expect(dangers(served)).toEqual([]);
    const doc = parseServed(served);
    const root = doc.documentElement;
    expect(root.getAttribute('viewBox')).toBe('0 0 200 100');
    expect(doc.querySelector('symbol#rack rect')?.getAttribute('fill')).toBe('url(#g)');
    expect(doc.querySelector('use')?.getAttributeNS('http://www.w3.org/1999/xlink', 'href')).toBe('#rack');
    expect(doc.querySelector('path')?.getAttribute('d')).toBe('M0 30 L190 30');
    expect(doc.querySelector('text')?.textContent).toBe('Aisle A — Regał 1');
    expect(doc.querySelector('style')?.textContent).toContain('.aisle');
    expect(doc.querySelector('image')?.getAttribute('href')).toMatch(/^data:image\/png/);
    expect(doc.querySelectorAll('linearGradient stop')).toHaveLength(2);
  });

  it('has a detector that sees what the sanitizer removes (so its silence means something)', () => {
    const raw = [
      '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>',
      '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
      '<svg xmlns="http://www.w3.org/2000/svg"><image href="java&#x09;script:alert(1)"/></svg>',
      '<svg xmlns="http://www.w3.org/2000/svg"><set attributeName="href" to="javascript:alert(1)"/></svg>',
      '<svg xmlns="http://www.w3.org/2000/svg"><style>@import url(http://evil.example/x.css);</style></svg>',
      '<svg xmlns="http://www.w3.org/2000/svg" xmlns:h="http://www.w3.org/1999/xhtml"><h:img src="x"/></svg>',
    ];
    for (const input of raw) expect(dangers(input), input).not.toEqual([]);
  });

  it('refuses what is not one <svg> drawing', async () => {
    for (const input of ['<html><body/></html>', 'plain text', '<svg></svg><svg></svg>', '<frameset/>'])
      expect((await outcome(input)).refused, input).toBe(true);
  });
});
