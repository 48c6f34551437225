import { Button, Group, Modal, Select, Stack, Textarea, TextInput } from '@mantine/core';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ownEventSubTypes, subTypeName } from '../../../domain/calendar/calendarItems';
import { fieldErrorMessages } from '../../i18n/i18n';
import { useNotifyingAction } from '../documents/useNotifyingAction';
import { calendarApi, type PlannerResource } from './calendarApi';
import { DateTimeField } from './DateTimeField';

export interface EventDraft {
  /** Absent for a new event. */
  readonly id?: string;
  readonly startDate: string;
  readonly finishDate?: string | null;
  readonly resourceId?: string | null;
}

/** Creates or edits (moves, resizes, deletes) one of the calendar's own events. */
export const EventEditor = ({
  draft,
  resources,
  onClose,
  onSaved,
}: {
  readonly draft: EventDraft | null;
  readonly resources: readonly PlannerResource[];
  readonly onClose: () => void;
  readonly onSaved: () => void;
}): ReactNode => {
  const { t } = useTranslation();
  const action = useNotifyingAction<'save' | 'delete'>();
  const [values, setValues] = useState<Record<string, unknown>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  useEffect(() => {
    setErrors({});
    if (!draft) return;
    if (draft.id)
      void calendarApi.event(draft.id).then((row) => {
        const resourceId = row.resourceId ?? row.carrierId ?? null;
        setValues({ ...row, resourceId });
      });
    else
      setValues({
        title: '',
        startDate: draft.startDate,
        finishDate: draft.finishDate ?? null,
        resourceSubType: 900,
        resourceId: draft.resourceId ?? null,
      });
  }, [draft]);
  const set = (name: string, value: unknown) => setValues((v) => ({ ...v, [name]: value }));
  const field = (name: string) => t(`resources:calendarEvent.fields.${name}`);
  const save = () =>
    void action.run('save', async () => {
      const resource = resources.find((r) => r.id === values.resourceId);
      const body = {
        title: values.title,
        startDate: values.startDate,
        finishDate: values.finishDate ?? null,
        resourceSubType: Number(values.resourceSubType ?? 900),
        description: values.description ?? null,
        resourceId: resource && resource.kind !== 'carrier' ? resource.id : null,
        carrierId: resource?.kind === 'carrier' ? resource.id : null,
      };
      try {
        if (draft?.id) await calendarApi.updateEvent(draft.id, body);
        else await calendarApi.createEvent(body);
      } catch (e) {
        setErrors(fieldErrorMessages(t, e));
        throw e;
      }
      onSaved();
      return t('calendar:notices.saved');
    });
  return (
    <Modal
      opened={draft !== null}
      onClose={onClose}
      title={t(draft?.id ? 'calendar:editEvent' : 'calendar:newEvent')}
    >
      <Stack data-testid="event-editor">
        <TextInput
          label={field('title')}
          value={String(values.title ?? '')}
          onChange={(e) => set('title', e.currentTarget.value)}
          error={errors.title}
          required
          data-testid="event-title"
        />
        <DateTimeField
          label={field('startDate')}
          value={typeof values.startDate === 'string' ? values.startDate : null}
          onChange={(v) => set('startDate', v)}
          error={errors.startDate}
          required
          testId="event-start"
        />
        <DateTimeField
          label={field('finishDate')}
          value={typeof values.finishDate === 'string' ? values.finishDate : null}
          onChange={(v) => set('finishDate', v)}
          error={errors.finishDate}
          testId="event-finish"
        />
        <Select
          label={field('resourceSubType')}
          value={String(values.resourceSubType ?? 900)}
          onChange={(v) => set('resourceSubType', Number(v ?? 900))}
          data={ownEventSubTypes.map((code) => ({
            value: String(code),
            label: t(`calendar:subTypes.${subTypeName(code) ?? 'other'}`),
          }))}
          allowDeselect={false}
          data-testid="event-subtype"
        />
        <Select
          label={field('resourceId')}
          value={typeof values.resourceId === 'string' ? values.resourceId : null}
          onChange={(v) => set('resourceId', v)}
          data={resources.map((r) => ({
            value: r.id,
            label: `${r.name} (${t(`calendar:kinds.${r.kind}`)})`,
          }))}
          clearable
          data-testid="event-resource"
        />
        <Textarea
          label={field('description')}
          value={String(values.description ?? '')}
          onChange={(e) => set('description', e.currentTarget.value)}
        />
        <Group justify="space-between">
          {draft?.id ? (
            <Button
              color="red"
              variant="subtle"
              loading={action.busy === 'delete'}
              onClick={() =>
                void action.run('delete', async () => {
                  if (draft.id) await calendarApi.deleteEvent(draft.id);
                  onSaved();
                  return t('calendar:notices.deleted');
                })
              }
              data-testid="event-delete"
            >
              {t('calendar:delete')}
            </Button>
          ) : (
            <span />
          )}
          <Button loading={action.busy === 'save'} onClick={save} data-testid="event-save">
            {t('calendar:save')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
};
