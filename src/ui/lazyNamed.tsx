import { Center, Loader } from '@mantine/core';
import { type ComponentType, type LazyExoticComponent, lazy, type ReactNode } from 'react';

/**
 * A component loaded on first render from its own chunk (`lazyNamed(() => import('./XPage'), 'XPage')`): the
 * screens a user does not open stay out of the first load (a picker's terminal never loads the admin screens).
 * It renders inside a Suspense boundary (the shell's page area has one: `PageFallback`).
 */
export const lazyNamed = <K extends string, P extends object>(
  load: () => Promise<{ readonly [name in K]: ComponentType<P> }>,
  name: K,
): LazyExoticComponent<ComponentType<P>> => lazy(async () => ({ default: (await load())[name] }));

/** What shows while a screen's chunk loads. */
export const PageFallback = (): ReactNode => (
  <Center p="xl" data-testid="page-loading">
    <Loader size="sm" />
  </Center>
);
