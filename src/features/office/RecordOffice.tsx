import { ActionIcon, Button, Group, Paper, Stack, Tooltip } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { hasAccess } from '../../../domain/auth/claims';
import { definitionByName } from '../../resources/registry';
import { useAuthStore } from '../../state/authStore';
import { DiscussionButton } from '../discussions/DiscussionButton';
import { FilesPanel } from '../files/FilesPanel';
import { historyLink } from '../history/historyDefinition';
import { SendMessageDialog } from '../messages/SendMessageDialog';
import { OfficeIcon } from './OfficeIcon';

export interface RecordOfficeProps {
  /** Resource name of the record (e.g. 'company', 'wmsDocument'). */
  readonly resourceType: string;
  readonly id: string;
}

/**
 * What every record's preview and edit screen offers around its fields: its discussion, its change history,
 * sending it by e-mail, and its files. Rendered by the generic preview and edit screens and by the area previews.
 */
export const RecordOffice = ({ resourceType, id }: RecordOfficeProps): ReactNode => {
  const { t } = useTranslation('office');
  const claims = useAuthStore((s) => s.claims);
  const [sending, setSending] = useState<{ fileIds: string[] } | null>(null);
  const def = definitionByName(resourceType);
  const staff = claims !== null && claims.ctr === null;
  // Files follow the record: who may write it may attach and delete (contractors never write).
  const canWrite = def !== undefined && staff && !def.readOnly && hasAccess(claims, def.write);
  // The record's own history, for those who may read the record log.
  const logDef = definitionByName('recordLog');
  const canSeeHistory = staff && logDef !== undefined && hasAccess(claims, logDef.read);
  return (
    <Paper withBorder p="sm" data-testid="record-office">
      <Stack gap="sm">
        <Group gap="xs" wrap="wrap">
          <DiscussionButton resourceType={resourceType} id={id} />
          {staff && (
            <Button
              variant="default"
              leftSection={<OfficeIcon name="mail" />}
              onClick={() => setSending({ fileIds: [] })}
              data-testid="record-send-email"
            >
              {t('messages.sendByEmail')}
            </Button>
          )}
          {canSeeHistory && (
            <Button
              variant="default"
              component={Link}
              to={historyLink(resourceType, id)}
              leftSection={<OfficeIcon name="history" />}
              data-testid="record-history"
            >
              {t('history.open')}
            </Button>
          )}
        </Group>
        <FilesPanel
          resourceType={resourceType}
          id={id}
          canWrite={canWrite}
          fileActions={
            staff
              ? (file) => (
                  <Tooltip label={t('messages.sendByEmail')}>
                    <ActionIcon
                      variant="subtle"
                      aria-label={t('messages.sendByEmail')}
                      onClick={() => setSending({ fileIds: [file.id] })}
                      data-testid="file-send-email"
                    >
                      <OfficeIcon name="mail" />
                    </ActionIcon>
                  </Tooltip>
                )
              : undefined
          }
        />
      </Stack>
      {sending && (
        <SendMessageDialog
          opened
          onClose={() => setSending(null)}
          refResourceType={resourceType}
          refResourceId={id}
          fileIds={sending.fileIds}
        />
      )}
    </Paper>
  );
};
