import { TextInput, type TextInputProps } from '@mantine/core';
import { type ReactNode, useEffect, useRef, useState } from 'react';

export interface DebouncedTextInputProps extends Omit<TextInputProps, 'value' | 'onChange'> {
  readonly value: string;
  /** Called with the typed text once typing pauses (or at once on Enter). */
  readonly onCommit: (value: string) => void;
  readonly delay?: number;
  readonly 'data-testid'?: string;
}

/** A text input that reports its value after the user stops typing; follows outside changes (back/forward). */
export const DebouncedTextInput = ({
  value,
  onCommit,
  delay = 350,
  ...props
}: DebouncedTextInputProps): ReactNode => {
  const [text, setText] = useState(value);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const commitRef = useRef(onCommit);
  commitRef.current = onCommit;
  const valueRef = useRef(value);
  valueRef.current = value;

  // What this field committed last, until the list's value comes back with it.
  const committed = useRef<string | null>(null);

  useEffect(() => {
    // Our own commit coming back: the URL changes at once but the value arrives a render later, and the person may
    // have typed on meanwhile (cleared the field): keep what the field holds. Any other change is followed.
    if (committed.current !== null && value === committed.current) {
      committed.current = null;
      return;
    }
    committed.current = null;
    setText(value);
  }, [value]);

  useEffect(() => () => clearTimeout(timer.current), []);

  const schedule = (next: string, wait: number) => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      // Against the value when the timer fires: the list may have moved on (another filter) meanwhile.
      if (next === valueRef.current) return;
      committed.current = next;
      commitRef.current(next);
    }, wait);
  };

  return (
    <TextInput
      {...props}
      value={text}
      onChange={(event) => {
        const next = event.currentTarget.value;
        setText(next);
        schedule(next, delay);
      }}
      onKeyDown={(event) => {
        // The field's own value: a fast typist or a scanner's Enter can come before React re-rendered `text`.
        if (event.key === 'Enter') schedule(event.currentTarget.value, 0);
        props.onKeyDown?.(event);
      }}
    />
  );
};
