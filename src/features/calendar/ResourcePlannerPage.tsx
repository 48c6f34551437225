import { ActionIcon, Box, Button, Group, ScrollArea, Stack, Text, Title } from '@mantine/core';
import dayjs from 'dayjs';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import type { CalendarItem } from '../../../domain/calendar/calendarItems';
import { AppDatesProvider, dayjsLocaleOf } from './AppDatesProvider';
import { daysOf, onDay, readDrag } from './calendarDrag';
import { EventChip } from './EventChip';
import { type EventDraft, EventEditor } from './EventEditor';
import { useCalendar } from './useCalendar';

const noResource = '';
const dayCount = 7;

/**
 * The resource planner: a week, one row per resource (docks, vehicles, teams, then carriers, then items without
 * one). Drag an item to another day or — own events — another row; drag an event's right edge to another day
 * to stretch or shorten it (resize).
 */
export const ResourcePlannerPage = (): ReactNode => {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const [search, setSearch] = useSearchParams();
  const locale = dayjsLocaleOf(i18n.language);
  const week = dayjs(search.get('week') ?? undefined)
    .locale(locale)
    .startOf('week');
  const from = week.toISOString();
  const to = week.add(dayCount, 'day').toISOString();
  const { items, resources, reload, move } = useCalendar(from, to);
  const [draft, setDraft] = useState<EventDraft | null>(null);
  const days = Array.from({ length: dayCount }, (_, i) => week.add(i, 'day'));
  const rows = [
    ...resources.map((r) => ({ id: r.id, label: `${r.name}`, kind: r.kind })),
    { id: noResource, label: t('calendar:noResource'), kind: null },
  ];
  const cell = (rowId: string, day: string): CalendarItem[] =>
    items.filter((i) => (i.resourceId ?? noResource) === rowId && daysOf(i).includes(day));
  const open = (item: CalendarItem) => {
    if (item.source === 'event') setDraft({ id: item.recordId, startDate: item.startDate });
    else navigate(item.link);
  };
  const drop = (rowId: string, day: string, transfer: DataTransfer) => {
    const payload = readDrag(transfer);
    if (!payload) return;
    const item = items.find((i) => i.id === payload.id);
    if (!item?.movable) return;
    if (payload.mode === 'resize') {
      if (!item.resizable) return;
      const finish = onDay(item.finishDate, day);
      if (dayjs(finish).isBefore(dayjs(item.startDate))) return;
      void move({
        source: item.source,
        recordId: item.recordId,
        startDate: item.startDate,
        finishDate: finish,
      });
      return;
    }
    const sameRow = (item.resourceId ?? noResource) === rowId;
    const sameDay = dayjs(item.startDate).format('YYYY-MM-DD') === day;
    if (sameDay && (sameRow || item.source !== 'event')) return;
    void move({
      source: item.source,
      recordId: item.recordId,
      startDate: onDay(item.startDate, day),
      ...(item.source === 'event' ? { resourceId: rowId === noResource ? null : rowId } : {}),
    });
  };
  const go = (w: dayjs.Dayjs) => setSearch({ week: w.format('YYYY-MM-DD') });
  return (
    <AppDatesProvider>
      <Stack data-testid="resource-planner">
        <Group justify="space-between" wrap="wrap">
          <Title
            order={2}
          >{`${week.format('D MMM')} – ${week.add(dayCount - 1, 'day').format('D MMM YYYY')}`}</Title>
          <Group gap="xs">
            <ActionIcon
              variant="default"
              onClick={() => go(week.subtract(1, 'week'))}
              aria-label={t('calendar:previous')}
            >
              ‹
            </ActionIcon>
            <Button variant="default" size="xs" onClick={() => go(dayjs())}>
              {t('calendar:today')}
            </Button>
            <ActionIcon
              variant="default"
              onClick={() => go(week.add(1, 'week'))}
              aria-label={t('calendar:next')}
            >
              ›
            </ActionIcon>
          </Group>
        </Group>
        <ScrollArea type="auto">
          <Box
            style={{
              display: 'grid',
              gridTemplateColumns: `140px repeat(${dayCount}, minmax(110px, 1fr))`,
              gap: 2,
              minWidth: 140 + dayCount * 110,
            }}
          >
            <span />
            {days.map((d) => (
              <Text key={d.format('YYYY-MM-DD')} size="xs" c="dimmed" ta="center" tt="capitalize">
                {d.format('dd D.MM')}
              </Text>
            ))}
            {rows.map((row) => (
              <Box
                key={row.id || 'none'}
                style={{ display: 'contents' }}
                data-testid="planner-row"
                data-resource={row.id}
              >
                <Stack gap={0} justify="center">
                  <Text size="sm" fw={500} truncate>
                    {row.label}
                  </Text>
                  {row.kind && (
                    <Text size="xs" c="dimmed">
                      {t(`calendar:kinds.${row.kind}`)}
                    </Text>
                  )}
                </Stack>
                {days.map((d) => {
                  const day = d.format('YYYY-MM-DD');
                  return (
                    <Box
                      key={day}
                      data-testid="planner-cell"
                      data-day={day}
                      data-resource={row.id}
                      onDragOver={(e) => e.preventDefault()}
                      onDrop={(e) => {
                        e.preventDefault();
                        drop(row.id, day, e.dataTransfer);
                      }}
                      onClick={() =>
                        setDraft({
                          startDate: d.hour(9).toISOString(),
                          finishDate: d.hour(10).toISOString(),
                          resourceId: row.id || null,
                        })
                      }
                      style={{
                        minHeight: 48,
                        border: '1px solid var(--mantine-color-default-border)',
                        borderRadius: 4,
                        padding: 2,
                        cursor: 'cell',
                      }}
                    >
                      <Stack gap={2}>
                        {cell(row.id, day).map((item) => (
                          <EventChip key={item.id} item={item} onOpen={open} showResize />
                        ))}
                      </Stack>
                    </Box>
                  );
                })}
              </Box>
            ))}
          </Box>
        </ScrollArea>
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
