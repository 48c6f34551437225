import { DateTimePicker } from '@mantine/dates';
import dayjs from 'dayjs';
import type { ReactNode } from 'react';

export interface DateTimeFieldProps {
  readonly label: string;
  /** ISO date-time (UTC) or null. */
  readonly value: string | null;
  readonly onChange: (value: string | null) => void;
  readonly error?: string;
  readonly testId: string;
  readonly required?: boolean;
}

/** A date and time picked in the user's time zone and language, kept as an ISO instant. */
export const DateTimeField = ({
  label,
  value,
  onChange,
  error,
  testId,
  required,
}: DateTimeFieldProps): ReactNode => (
  <DateTimePicker
    label={label}
    value={value ? new Date(value) : null}
    onChange={(local) => onChange(local ? dayjs(local).toISOString() : null)}
    valueFormat="YYYY-MM-DD HH:mm"
    clearable
    required={required}
    error={error}
    data-testid={testId}
  />
);
