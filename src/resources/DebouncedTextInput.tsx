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

  useEffect(() => {
    setText(value);
  }, [value]);

  useEffect(() => () => clearTimeout(timer.current), []);

  const schedule = (next: string, wait: number) => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      if (next !== value) commitRef.current(next);
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
        if (event.key === 'Enter') schedule(text, 0);
        props.onKeyDown?.(event);
      }}
    />
  );
};
