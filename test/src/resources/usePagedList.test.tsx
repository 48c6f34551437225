// @vitest-environment jsdom
import { act, type ReactNode } from 'react';
import { flushSync } from 'react-dom';
import { createRoot, type Root } from 'react-dom/client';
import { createMemoryRouter, type DataRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { catalystResource } from '../../../domain/resources/definitions/catalyst';
import { i18n } from '../../../src/i18n/i18n';
import type { Page } from '../../../domain/resources/query';
import { type ListState, setColumnFilter } from '../../../src/resources/listState';
import { type PagedList, usePagedList } from '../../../src/resources/usePagedList';

/**
 * A list's state lives in the address. A filter's handler builds the next state on the one rendered, so the
 * rendered state must never lag behind the address: the router renders a navigation in a transition by default,
 * a render later than the address change, and a filter picked in between wrote the previous search back (the
 * catalogue's producer filter after clearing its search, in CI on a busy machine).
 */
describe('usePagedList', () => {
  let host: HTMLDivElement;
  let root: Root;
  let list: PagedList<unknown> | undefined;
  let total = 0;
  const load = async (): Promise<Page<unknown>> => ({ results: [], allFilteredRowCount: total });

  const Harness = (): ReactNode => {
    list = usePagedList(catalystResource, load);
    return <span data-testid="search">{list.state.filters.searchText?.value ?? ''}</span>;
  };
  const shown = () => host.querySelector('[data-testid="search"]')?.textContent;
  const current = (): PagedList<unknown> => {
    if (!list) throw new Error('not rendered');
    return list;
  };
  /** Microtasks only: a render scheduled as a transition (a macrotask of React's scheduler) does not run here. */
  const untilAddress = async (router: DataRouter, before: string): Promise<void> => {
    for (let i = 0; i < 100 && router.state.location.search === before; i++) await Promise.resolve();
    expect(router.state.location.search).not.toBe(before);
  };

  beforeEach(async () => {
    // The hook's texts are loaded first, or its first render waits for them.
    await i18n.changeLanguage('en-us');
    await i18n.loadNamespaces(['resources', 'errors']);
    host = document.createElement('div');
    document.body.append(host);
    root = createRoot(host);
  });
  afterEach(async () => {
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
    await act(async () => root.unmount());
    host.remove();
    list = undefined;
    total = 0;
  });

  /** The list at an address, under a data router as in the app. */
  const mount = async (address: string): Promise<DataRouter> => {
    const router = createMemoryRouter([{ path: '/', element: <Harness /> }], { initialEntries: [address] });
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
    // react-router/dom's provider is this one with react-dom's flushSync (under vitest the two entries would load
    // separate copies of the router).
    await act(async () =>
      root.render(
        <RouterProvider
          router={router}
          flushSync={(fn) => {
            flushSync(fn);
          }}
        />,
      ),
    );
    return router;
  };

  it('shows a written state by the time the address has it, and the next filter builds on it', async () => {
    const router = await mount('/?f.searchText=kt-005');
    expect(shown()).toBe('kt-005');

    // As in a browser: no act() flushing the transition for us.
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;
    const cleared: ListState = { ...setColumnFilter(current().state, 'searchText', {}), page: 1 };
    const before = router.state.location.search;
    current().update(cleared, true);
    await untilAddress(router, before);
    expect(shown()).toBe('');

    // The producer filter picked next keeps the cleared search.
    const picked = { ...setColumnFilter(current().state, 'producerId', { value: 'walker' }), page: 1 };
    const cleared2 = router.state.location.search;
    current().update(picked, true);
    await untilAddress(router, cleared2);
    const params = new URLSearchParams(router.state.location.search);
    expect(params.get('f.searchText')).toBeNull();
    expect(params.get('f.producerId')).toBe('walker');
  });

  it('moves to the last page when the one asked for is past the end (rows deleted meanwhile)', async () => {
    total = 3;
    const router = await mount('/?page=7&size=10');
    await act(async () => undefined);
    expect(current().state.page).toBe(1);
    expect(new URLSearchParams(router.state.location.search).get('page')).toBeNull();
  });
});
