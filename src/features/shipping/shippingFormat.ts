import type { Row } from '../../resources/resourceApi';

/** A stored date-time shown in the user's locale (date and time), '' when none. */
export const dateTimeText = (value: unknown, language: string): string => {
  if (typeof value !== 'string' || value === '') return '';
  const d = new Date(value);
  return Number.isNaN(d.getTime())
    ? ''
    : d.toLocaleString(language, { dateStyle: 'medium', timeStyle: 'short' });
};

/** "PL → DE" from a ticket's countries. */
export const routeText = (row: Row): string =>
  [row.pickupCountry, row.destinationCountry].filter((v) => typeof v === 'string' && v !== '').join(' → ');

export const numberText = (value: unknown, language: string): string =>
  typeof value === 'number' ? value.toLocaleString(language) : '';

/** Badge colours of ticket and offer states. */
export const statusColor: Readonly<Record<string, string>> = {
  workingCopy: 'gray',
  published: 'blue',
  assigned: 'green',
  archived: 'dark',
  active: 'blue',
  confirmed: 'green',
};
