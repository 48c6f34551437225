import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const here = dirname(fileURLToPath(import.meta.url));

const html = `<!doctype html>
<html lang="en-us">
  <head><meta charset="utf-8" /><title>Aisle browser bench</title></head>
  <body><script type="module" src="/bench.js"></script></body>
</html>
`;

/**
 * Writes the bench page into `dir`: index.html and bench.js, page.ts bundled with everything it imports
 * (src/db, sync/, domain/, Dexie), minified like a production build unless told otherwise (readable profiles).
 */
export const writeBenchPage = async (
  dir: string,
  opts: { minify?: boolean } = {},
): Promise<{ bytes: number }> => {
  mkdirSync(dir, { recursive: true });
  const result = await build({
    entryPoints: [join(here, 'page.ts')],
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: 'chrome120',
    minify: opts.minify ?? true,
    write: false,
    logLevel: 'silent',
    define: {
      'process.env.NODE_ENV': '"production"',
      // Same origin: the server that answers the API serves this page too.
      'import.meta.env': '{}',
    },
  });
  const [out] = result.outputFiles;
  if (!out) throw new Error('esbuild produced no bundle');
  writeFileSync(join(dir, 'bench.js'), out.contents);
  writeFileSync(join(dir, 'index.html'), html);
  return { bytes: out.contents.byteLength };
};
