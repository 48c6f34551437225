import '@mantine/dates/styles.css';
import 'dayjs/locale/de';
import 'dayjs/locale/es';
import 'dayjs/locale/fr';
import 'dayjs/locale/pl';
import 'dayjs/locale/ru';
import { DatesProvider } from '@mantine/dates';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** dayjs locale of an app language ('pl-pl' → 'pl'); en-us is dayjs's built-in 'en'. */
export const dayjsLocaleOf = (language: string): string => language.split('-')[0] ?? 'en';

/** Date pickers and calendars in the app's language (month and day names, first day of the week). */
export const AppDatesProvider = ({ children }: { readonly children: ReactNode }): ReactNode => {
  const { i18n } = useTranslation();
  const locale = dayjsLocaleOf(i18n.language);
  return (
    <DatesProvider settings={{ locale, firstDayOfWeek: locale === 'en' ? 0 : 1 }}>{children}</DatesProvider>
  );
};
