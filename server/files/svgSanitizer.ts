import type { DOMPurify } from 'dompurify';
import type { JSDOM } from 'jsdom';
import { AppError } from '../../domain/errors';

const svgNamespace = 'http://www.w3.org/2000/svg';

/**
 * URLs a drawing may hold (checked on the parsed attribute, so after entity decoding, and with whitespace and
 * control characters removed): references inside the drawing and embedded raster images. Nothing that runs
 * (javascript:, vbscript:), nothing that loads (http:, //host), no nested SVG or HTML (data: of other types).
 */
const allowedUrl = /^(?:#[^\s]*|data:image\/(?:png|jpe?g|gif|webp);base64,[a-z0-9+/=]*)$/i;
const urlAttributes = new Set(['href', 'xlink:href', 'src']);
// biome-ignore lint/suspicious/noControlCharactersInRegex: browsers ignore these inside URLs, so must we
const ignoredInUrl = /[\u0000-\u0020\u007f-\u00a0\u1680\u180e\u2000-\u2029\u205f\u3000\ufeff]/g;

/**
 * Elements refused even if DOMPurify's SVG allowlist had them: animation elements can set any attribute (an href, an
 * event handler) after sanitizing, links navigate, and foreign content is HTML.
 */
const forbiddenTags = [
  'script',
  'foreignObject',
  'animate',
  'animateMotion',
  'animateTransform',
  'animateColor',
  'set',
  'a',
  'iframe',
  'embed',
  'object',
  'handler',
  'listener',
  'discard',
];
const forbiddenAttributes = [
  'xml:base',
  'externalResourcesRequired',
  'attributeName',
  'to',
  'values',
  'from',
  'by',
];

/** CSS that loads or runs something: @import, url() of anything but a fragment, old IE expressions, bindings. */
const unsafeCss = /@import|expression\s*\(|behavior\s*:|-moz-binding|javascript:/i;
const cssUrl = /url\s*\(\s*(['"]?)(.*?)\1\s*\)/gi;

const safeCss = (css: string): string | undefined => {
  if (unsafeCss.test(css)) return undefined;
  for (const m of css.matchAll(cssUrl)) if (!(m[2] ?? '').trim().startsWith('#')) return undefined;
  return css;
};

let purifier: Promise<{ purify: DOMPurify; window: JSDOM['window'] }> | undefined;

/**
 * One DOMPurify over one jsdom window per process (building a window costs tens of milliseconds). jsdom is loaded on
 * the first drawing, not with the server: importing it takes about a second, and most processes never need it.
 */
const instance = () => {
  purifier ??= createPurifier();
  return purifier;
};

const createPurifier = async () => {
  const [{ JSDOM }, { default: createDOMPurify }] = await Promise.all([import('jsdom'), import('dompurify')]);
  const { window } = new JSDOM('');
  const purify = createDOMPurify(window);
  // Style attributes and style elements are CSS: keep them only when they load and run nothing.
  purify.addHook('uponSanitizeAttribute', (_node, data) => {
    if (data.attrName === 'style' && safeCss(data.attrValue) === undefined) data.keepAttr = false;
    if (urlAttributes.has(data.attrName) && !allowedUrl.test(data.attrValue.replace(ignoredInUrl, '')))
      data.keepAttr = false;
  });
  purify.addHook('uponSanitizeElement', (node, data) => {
    if (data.tagName === 'style' && safeCss(node.textContent ?? '') === undefined) node.textContent = '';
  });
  return { purify, window };
};

/**
 * The map's SVG as stored and served: parsed, cut down to DOMPurify's SVG allowlist (elements, attributes,
 * URL schemes after entity decoding) and serialized again as XML from the cleaned tree, so what a browser
 * later parses is exactly what was checked. Anything that is not an `<svg>` drawing is refused
 * (fileExtensionNotAllowed). The XML prolog and any DOCTYPE (entities, external subsets) are dropped.
 */
export const sanitizeSvg = async (svg: string): Promise<string> => {
  const { purify, window } = await instance();
  const fragment = purify.sanitize(svg, {
    USE_PROFILES: { svg: true, svgFilters: true },
    FORBID_TAGS: forbiddenTags,
    FORBID_ATTR: forbiddenAttributes,
    // <use> draws symbols of the same drawing; its href may only point inside it (the hook above).
    ADD_TAGS: ['use'],
    ALLOW_DATA_ATTR: false,
    RETURN_DOM_FRAGMENT: true,
  });
  // A frameset document has no body: DOMPurify answers nothing at all.
  const roots = fragment ? [...fragment.children] : [];
  const [root] = roots;
  if (roots.length !== 1 || !root || root.localName !== 'svg' || root.namespaceURI !== svgNamespace)
    throw new AppError('fileExtensionNotAllowed');
  return new window.XMLSerializer().serializeToString(root);
};
