import { describe, expect, it } from 'vitest';
import { favoriteHref } from '../../../../src/features/favorites/favoriteHref';
import { createLongPress, longPressMs, type PressTimer } from '../../../../src/features/favorites/longPress';

/** A timer moved by the test: nothing waits on the wall clock. */
const manualTimer = () => {
  let now = 0;
  const pending = new Map<number, { at: number; fn: () => void }>();
  let next = 1;
  const timer: PressTimer = {
    set: (fn, ms) => {
      const id = next++;
      pending.set(id, { at: now + ms, fn });
      return id;
    },
    clear: (handle) => {
      pending.delete(handle as number);
    },
  };
  const advance = (ms: number) => {
    now += ms;
    for (const [id, p] of [...pending]) {
      if (p.at <= now) {
        pending.delete(id);
        p.fn();
      }
    }
  };
  return { timer, advance };
};

const setup = () => {
  const { timer, advance } = manualTimer();
  const events: string[] = [];
  const press = createLongPress({
    onPress: () => events.push('press'),
    onLongPress: () => events.push('long'),
    timer,
  });
  return { press, advance, events };
};

describe('long press of a favorite', () => {
  it('is a short press when released before 2 s', () => {
    const { press, advance, events } = setup();
    press.start();
    advance(longPressMs - 1);
    press.end();
    advance(5000);
    expect(events).toEqual(['press']);
  });

  it('opens the editor once the press has lasted 2 s, and the release then does nothing', () => {
    const { press, advance, events } = setup();
    press.start();
    advance(longPressMs);
    expect(events).toEqual(['long']);
    press.end();
    expect(events).toEqual(['long']);
  });

  it('does nothing when the pointer leaves before the release', () => {
    const { press, advance, events } = setup();
    press.start();
    advance(500);
    press.cancel();
    advance(5000);
    press.end();
    expect(events).toEqual([]);
  });
});

describe('favoriteHref', () => {
  it("adds the favorite's saved parameters to its link", () => {
    expect(favoriteHref('/stock', { 'f.productIndex': 'P-1', empty: '', none: null })).toBe(
      '/stock?f.productIndex=P-1',
    );
    expect(favoriteHref('documents?f.statusCode=draft', { 'f.statusCode': 'confirmed', page: 2 })).toBe(
      '/documents?f.statusCode=confirmed&page=2',
    );
    expect(favoriteHref('/orders', null)).toBe('/orders');
  });
});
