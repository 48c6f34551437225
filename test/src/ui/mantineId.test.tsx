// @vitest-environment jsdom
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { act, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { describe, expect, it } from 'vitest';
import { mantineIdPlugin } from '../../../scripts/mantineIdPlugin';
import { useId } from '../../../src/ui/mantineId';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

describe("Mantine's ids from React's useId", () => {
  it('gives each component its own id at the first render, and renders it once', async () => {
    const seen: string[] = [];
    const Field = ({ id }: { readonly id?: string }): ReactNode => {
      const value = useId(id);
      seen.push(value);
      return <input id={value} />;
    };
    const container = document.createElement('div');
    const root = createRoot(container);
    await act(async () =>
      root.render(
        <>
          <Field />
          <Field />
          <Field id="given" />
        </>,
      ),
    );
    // One render each: Mantine's own hook rendered each a second time to swap in a random id.
    expect(seen).toHaveLength(3);
    expect(new Set(seen).size).toBe(3);
    expect(seen[2]).toBe('given');
    for (const id of seen.slice(0, 2)) expect(id).toMatch(/^mantine-[\w-]+$/);
    expect([...container.querySelectorAll('input')].map((i) => i.id)).toEqual(seen);
    await act(async () => root.unmount());
  });

  it("replaces Mantine's module wherever Mantine imports it, and only that", () => {
    const plugin = mantineIdPlugin();
    const resolve = plugin.resolveId as (source: string, importer?: string) => string | null;
    const hooks = join('node_modules', '@mantine', 'hooks', 'esm');
    expect(resolve('./use-id/use-id.mjs', join(hooks, 'index.mjs'))).toMatch(/src[\\/]ui[\\/]mantineId\.ts$/);
    expect(resolve('../use-id/use-id.mjs', join(hooks, 'use-focus-trap', 'x.mjs'))).toMatch(/mantineId\.ts$/);
    expect(resolve('./use-id/use-id.mjs', join('src', 'app', 'x.ts'))).toBeNull();
    expect(resolve('./use-idle/use-idle.mjs', join(hooks, 'index.mjs'))).toBeNull();
    // The installed Mantine still imports it under that name (an upgrade that moves it must update the plugin).
    const index = readFileSync(join(process.cwd(), hooks, 'index.mjs'), 'utf8');
    expect(index).toContain('from "./use-id/use-id.mjs"');
  });
});
