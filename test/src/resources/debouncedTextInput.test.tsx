// @vitest-environment jsdom
import { MantineProvider } from '@mantine/core';
import { act, type ReactNode, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DebouncedTextInput } from '../../../src/resources/DebouncedTextInput';

/**
 * The list's search field: what a person typed is what Enter searches for, also when the list's value of an
 * earlier search arrives after they typed on (the address changes at once, the value a render later).
 */
describe('DebouncedTextInput', () => {
  let host: HTMLDivElement;
  let setOutside: (v: string) => void = () => undefined;
  const commits: string[] = [];

  const Harness = (): ReactNode => {
    const [value, setValue] = useState('bosal');
    setOutside = setValue;
    return (
      <MantineProvider>
        <DebouncedTextInput value={value} onCommit={(v) => commits.push(v)} data-testid="search" />
      </MantineProvider>
    );
  };

  const input = () => host.querySelector('input') as HTMLInputElement;
  const type = (text: string) => {
    const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
    setter?.call(input(), text);
    input().dispatchEvent(new Event('input', { bubbles: true }));
  };
  const enter = () =>
    input().dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));

  beforeEach(() => {
    vi.useFakeTimers();
    // Mantine asks for the colour scheme; jsdom has no media queries.
    window.matchMedia ??= ((query: string) => ({
      matches: false,
      media: query,
      onchange: null,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      addListener: () => undefined,
      removeListener: () => undefined,
      dispatchEvent: () => false,
    })) as typeof window.matchMedia;
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
    commits.length = 0;
    host = document.createElement('div');
    document.body.append(host);
  });
  afterEach(() => {
    vi.useRealTimers();
    host.remove();
  });

  it('commits a cleared field on Enter although the previous search came back after the clearing', async () => {
    const root = createRoot(host);
    await act(async () => root.render(<Harness />));
    await act(async () => {
      type('kt-005');
      enter();
      vi.advanceTimersByTime(0);
    });
    expect(commits).toEqual(['kt-005']);
    // Cleared before the list's value caught up with "kt-005"; then it does, then Enter.
    await act(async () => type(''));
    await act(async () => setOutside('kt-005'));
    expect(input().value).toBe('');
    await act(async () => {
      enter();
      vi.advanceTimersByTime(0);
    });
    expect(commits).toEqual(['kt-005', '']);
    await act(async () => root.unmount());
  });

  it('follows a change from outside that is not its own (back and forward)', async () => {
    const root = createRoot(host);
    await act(async () => root.render(<Harness />));
    await act(async () => setOutside('walker'));
    expect(input().value).toBe('walker');
    await act(async () => {
      type('abc');
      vi.advanceTimersByTime(400);
    });
    expect(commits).toEqual(['abc']);
    await act(async () => setOutside('abc'));
    await act(async () => setOutside('walker'));
    expect(input().value).toBe('walker');
    await act(async () => root.unmount());
  });
});
