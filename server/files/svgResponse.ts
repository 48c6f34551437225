import type { FastifyReply } from 'fastify';

/**
 * Headers of every stored SVG served on its own: an image the browser must not sniff into HTML, with a
 * sandbox CSP so that even opened as a page it runs no script and loads nothing from outside.
 */
export const svgHeaders = {
  'content-type': 'image/svg+xml; charset=utf-8',
  'x-content-type-options': 'nosniff',
  'content-security-policy': "default-src 'none'; img-src data:; style-src 'unsafe-inline'; sandbox",
  'content-disposition': 'inline; filename="map.svg"',
  'cache-control': 'private, no-cache',
} as const;

/** Sends a (sanitized) SVG with svgHeaders. */
export const sendSvg = (reply: FastifyReply, svg: string) => reply.headers(svgHeaders).send(svg);
