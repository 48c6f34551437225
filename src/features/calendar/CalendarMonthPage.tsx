import { ActionIcon, Box, Button, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import dayjs from 'dayjs';
import { type ReactNode, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import type { CalendarItem } from '../../../domain/calendar/calendarItems';
import { AppDatesProvider, dayjsLocaleOf } from './AppDatesProvider';
import { daysOf, onDay, readDrag } from './calendarDrag';
import { EventChip } from './EventChip';
import { type EventDraft, EventEditor } from './EventEditor';
import { useCalendar } from './useCalendar';

/**
 * The month view: six weeks around the month, every item on the days it covers, coloured by sub-type. Drag an
 * item to another day to reschedule it (same time of day); click a day to add an event, an event to edit it,
 * any other item to open its record. Live: changes made elsewhere show at once.
 */
export const CalendarMonthPage = (): ReactNode => {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const [search, setSearch] = useSearchParams();
  const locale = dayjsLocaleOf(i18n.language);
  const month = dayjs(search.get('month') ?? undefined)
    .locale(locale)
    .startOf('month');
  const firstDay = locale === 'en' ? 0 : 1;
  const gridStart = month.subtract((month.day() - firstDay + 7) % 7, 'day');
  const from = gridStart.toISOString();
  const to = gridStart.add(42, 'day').toISOString();
  const { items, resources, reload, move } = useCalendar(from, to);
  const [draft, setDraft] = useState<EventDraft | null>(null);
  const [over, setOver] = useState<string | null>(null);
  const byDay = useMemo(() => {
    const map = new Map<string, CalendarItem[]>();
    for (const item of items) for (const day of daysOf(item)) map.set(day, [...(map.get(day) ?? []), item]);
    return map;
  }, [items]);
  const days = Array.from({ length: 42 }, (_, i) => gridStart.add(i, 'day'));
  const open = (item: CalendarItem) => {
    if (item.source === 'event') setDraft({ id: item.recordId, startDate: item.startDate });
    else navigate(item.link);
  };
  const go = (m: dayjs.Dayjs) => setSearch({ month: m.format('YYYY-MM') });
  const drop = (day: string, transfer: DataTransfer) => {
    setOver(null);
    const payload = readDrag(transfer);
    if (!payload) return;
    const item = items.find((i) => i.id === payload.id);
    if (!item?.movable || payload.mode !== 'move') return;
    if (dayjs(item.startDate).format('YYYY-MM-DD') === day) return;
    void move({ source: item.source, recordId: item.recordId, startDate: onDay(item.startDate, day) });
  };
  return (
    <AppDatesProvider>
      <Stack data-testid="calendar-month" data-month={month.format('YYYY-MM')}>
        <Group justify="space-between" wrap="wrap">
          <Title order={2} tt="capitalize" data-testid="calendar-title">
            {month.format('MMMM YYYY')}
          </Title>
          <Group gap="xs">
            <ActionIcon
              variant="default"
              onClick={() => go(month.subtract(1, 'month'))}
              aria-label={t('calendar:previous')}
              data-testid="calendar-prev"
            >
              ‹
            </ActionIcon>
            <Button variant="default" size="xs" onClick={() => go(dayjs())}>
              {t('calendar:today')}
            </Button>
            <ActionIcon
              variant="default"
              onClick={() => go(month.add(1, 'month'))}
              aria-label={t('calendar:next')}
              data-testid="calendar-next"
            >
              ›
            </ActionIcon>
          </Group>
        </Group>
        <SimpleGrid cols={7} spacing={2}>
          {days.slice(0, 7).map((d) => (
            <Text key={d.format('d')} size="xs" c="dimmed" ta="center" tt="capitalize">
              {d.locale(locale).format('dd')}
            </Text>
          ))}
          {days.map((d) => {
            const key = d.format('YYYY-MM-DD');
            const inMonth = d.month() === month.month();
            return (
              <Box
                key={key}
                data-testid="calendar-day"
                data-day={key}
                onDragOver={(e) => {
                  e.preventDefault();
                  setOver(key);
                }}
                onDragLeave={() => setOver((o) => (o === key ? null : o))}
                onDrop={(e) => {
                  e.preventDefault();
                  drop(key, e.dataTransfer);
                }}
                onClick={() =>
                  setDraft({ startDate: d.hour(9).toISOString(), finishDate: d.hour(10).toISOString() })
                }
                style={{
                  minHeight: 84,
                  border: '1px solid var(--mantine-color-default-border)',
                  borderRadius: 4,
                  padding: 2,
                  opacity: inMonth ? 1 : 0.55,
                  background: over === key ? 'var(--mantine-color-blue-light)' : undefined,
                  overflow: 'hidden',
                  cursor: 'cell',
                }}
              >
                <Text size="xs" fw={d.isSame(dayjs(), 'day') ? 700 : 400}>
                  {d.date()}
                </Text>
                <Stack gap={2}>
                  {(byDay.get(key) ?? []).map((item) => (
                    <EventChip key={item.id} item={item} onOpen={open} />
                  ))}
                </Stack>
              </Box>
            );
          })}
        </SimpleGrid>
        <EventEditor
          draft={draft}
          resources={resources}
          onClose={() => setDraft(null)}
          onSaved={() => {
            setDraft(null);
            reload();
          }}
        />
      </Stack>
    </AppDatesProvider>
  );
};
