/** How long a press must last to count as a long press (opens a favorite's editor instead of its link). */
export const longPressMs = 2000;

/** The timer a long press waits on; injected so tests move time themselves. */
export interface PressTimer {
  set(callback: () => void, ms: number): unknown;
  clear(handle: unknown): void;
}

const browserTimer: PressTimer = {
  set: (callback, ms) => setTimeout(callback, ms),
  clear: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

export interface LongPress {
  /** The pointer (mouse button, finger) went down. */
  start(): void;
  /** The pointer went up: a short press if the long press has not fired yet. */
  end(): void;
  /** The pointer left or the press was cancelled: neither press happens. */
  cancel(): void;
}

/**
 * Tells a short press from a long one for one control: `onLongPress` fires as soon as the press has lasted
 * `ms` (the person sees the editor open without letting go), `onPress` when it is released before that.
 */
export const createLongPress = ({
  onPress,
  onLongPress,
  ms = longPressMs,
  timer = browserTimer,
}: {
  readonly onPress: () => void;
  readonly onLongPress: () => void;
  readonly ms?: number;
  readonly timer?: PressTimer;
}): LongPress => {
  let handle: unknown;
  let state: 'idle' | 'pressing' | 'fired' = 'idle';
  const stop = () => {
    if (state === 'pressing') timer.clear(handle);
    state = 'idle';
  };
  return {
    start: () => {
      stop();
      state = 'pressing';
      handle = timer.set(() => {
        state = 'fired';
        onLongPress();
      }, ms);
    },
    end: () => {
      const wasPressing = state === 'pressing';
      stop();
      if (wasPressing) onPress();
    },
    cancel: stop,
  };
};
