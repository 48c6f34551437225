import { readdir } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { type DefinedImportTemplate, isImportTemplate } from './importTemplate';

const templatesDir = join(dirname(fileURLToPath(import.meta.url)), 'templates');

/**
 * Every import template in server/import/templates: a module adds one file there and nothing else (the list of
 * templates, the template files, the import calls and the screen follow). In their `order`.
 */
export const loadImportTemplates = async (): Promise<DefinedImportTemplate[]> => {
  const files = (await readdir(templatesDir)).filter((f) => /\.ts$/.test(f) && !f.endsWith('.d.ts')).sort();
  const found: DefinedImportTemplate[] = [];
  for (const file of files) {
    const mod: Record<string, unknown> = await import(pathToFileURL(join(templatesDir, file)).href);
    for (const value of Object.values(mod)) if (isImportTemplate(value)) found.push(value);
  }
  const keys = new Set<string>();
  for (const t of found) {
    if (!/^[a-zA-Z][a-zA-Z0-9]*$/.test(t.key))
      throw new Error(`Import template key "${t.key}" is not a name`);
    if (keys.has(t.key.toLowerCase())) throw new Error(`Two import templates are named ${t.key}`);
    keys.add(t.key.toLowerCase());
  }
  return found.sort((a, b) => a.order - b.order || a.key.localeCompare(b.key));
};
