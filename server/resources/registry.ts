import { readdir } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { isResourceDefinition, type ResourceDefinition } from '../../domain/resources/types';

const definitionsDir = join(dirname(fileURLToPath(import.meta.url)), '../../domain/resources/definitions');

/**
 * Finds every resource definition in domain/resources/definitions, so that adding a
 * resource needs no registration anywhere else. Sorted by name for stable migrations.
 */
export const loadDefinitions = async (): Promise<ResourceDefinition[]> => {
  const files = (await readdir(definitionsDir)).filter((f) => /\.ts$/.test(f) && !f.endsWith('.d.ts')).sort();
  const found: ResourceDefinition[] = [];
  for (const file of files) {
    const mod: Record<string, unknown> = await import(pathToFileURL(join(definitionsDir, file)).href);
    for (const value of Object.values(mod)) if (isResourceDefinition(value)) found.push(value);
  }
  const names = new Set<string>();
  for (const def of found) {
    if (names.has(def.name)) throw new Error(`Two resource definitions are named ${def.name}`);
    names.add(def.name);
  }
  for (const def of found)
    for (const [field, f] of Object.entries(def.fields))
      if (f.kind === 'ref' && !names.has(f.ref ?? ''))
        throw new Error(`${def.name}.${field} refers to unknown resource ${String(f.ref)}`);
  return found.sort((a, b) => a.name.localeCompare(b.name));
};
