import { notifications } from '@mantine/notifications';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CalendarItem } from '../../../domain/calendar/calendarItems';
import { errorMessage } from '../../i18n/i18n';
import { useLiveChanges } from '../shipping/useLiveChanges';
import { calendarApi, type MoveRequest, type PlannerResource } from './calendarApi';

/** Sources of calendar items: a change of any of them reloads the view (live, through the hub). */
const liveTypes = ['calendarEvent', 'wmsDocument', 'wmsOrder', 'shipmentTicket'];

/** The items of a range, the planner's resources, and moving an item (refusals shown translated). */
export const useCalendar = (from: string, to: string) => {
  const { t } = useTranslation();
  const [items, setItems] = useState<CalendarItem[]>([]);
  const [resources, setResources] = useState<PlannerResource[]>([]);
  const reload = useCallback(() => {
    void calendarApi.items(from, to).then((r) => setItems(r.results));
  }, [from, to]);
  useEffect(reload, [reload]);
  useEffect(() => {
    void calendarApi.resources().then((r) => setResources(r.results));
  }, []);
  useLiveChanges(liveTypes, reload);
  const move = async (request: MoveRequest) => {
    try {
      await calendarApi.move(request);
      notifications.show({ color: 'green', message: t('calendar:notices.moved') });
    } catch (e) {
      notifications.show({ color: 'red', message: errorMessage(t, e) });
    }
    reload();
  };
  return { items, resources, reload, move };
};
