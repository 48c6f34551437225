import { Button } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import {
  canDeleteDocument,
  canTransitionDocument,
  isDocumentStatus,
} from '../../../domain/warehouse/statuses';
import { errorMessage } from '../../i18n/i18n';
import { ChoiceDialog } from './ChoiceDialog';
import { type DocumentRow, type DocumentWithPositions, documentApi } from './documentApi';
import { stringOf } from './values';

export interface DocumentActionsProps {
  readonly row: DocumentRow;
  /** Offer "Confirm" (the preview; the editor has "Save as confirmed" instead). */
  readonly withConfirm?: boolean;
  readonly onChanged: (row: DocumentWithPositions) => void;
}

/** Confirm, revert (after a question) and delete of a document, as its status allows (domain/warehouse/statuses). */
export const DocumentActions = ({ row, withConfirm = false, onChanged }: DocumentActionsProps): ReactNode => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [asking, setAsking] = useState<'revert' | 'delete' | null>(null);
  const [busy, setBusy] = useState<'confirm' | 'revert' | 'delete' | null>(null);
  const status = isDocumentStatus(row.statusCode) ? row.statusCode : null;
  const number = stringOf(row.documentNumber);

  const run = async (action: 'confirm' | 'revert' | 'delete') => {
    setBusy(action);
    try {
      if (action === 'delete') {
        await documentApi.remove(row.id);
        notifications.show({ color: 'green', message: t('logistics:documents.deleted') });
        navigate('/documents', { replace: true });
        return;
      }
      const saved =
        action === 'confirm' ? await documentApi.confirm(row.id) : await documentApi.revert(row.id);
      notifications.show({
        color: 'green',
        message: t(action === 'confirm' ? 'logistics:documents.confirmed' : 'logistics:documents.reverted', {
          number: stringOf(saved.documentNumber) || number,
        }),
      });
      onChanged(saved);
    } catch (e) {
      notifications.show({ color: 'red', message: errorMessage(t, e) });
    } finally {
      setBusy(null);
      setAsking(null);
    }
  };

  return (
    <>
      {withConfirm && status && canTransitionDocument(status, 'confirmed') && (
        <Button onClick={() => void run('confirm')} loading={busy === 'confirm'} data-testid="doc-confirm">
          {t('logistics:documents.confirm')}
        </Button>
      )}
      {status && canTransitionDocument(status, 'reverted') && (
        <Button color="orange" onClick={() => setAsking('revert')} data-testid="doc-revert">
          {t('logistics:documents.revert')}
        </Button>
      )}
      {status && canDeleteDocument(status) && (
        <Button color="red" variant="light" onClick={() => setAsking('delete')} data-testid="doc-delete">
          {t('logistics:actions.delete')}
        </Button>
      )}
      <ChoiceDialog
        opened={asking === 'revert'}
        title={t('logistics:documents.revertTitle')}
        message={t('logistics:documents.revertMessage', { number })}
        busy={busy === 'revert'}
        onClose={() => setAsking(null)}
        choices={[
          {
            label: t('logistics:actions.cancel'),
            testId: 'doc-revert-cancel',
            onChoose: () => setAsking(null),
          },
          {
            label: t('logistics:documents.revert'),
            testId: 'doc-revert-confirm',
            color: 'orange',
            onChoose: () => void run('revert'),
          },
        ]}
      />
      <ChoiceDialog
        opened={asking === 'delete'}
        title={t('logistics:documents.deleteTitle')}
        message={t('logistics:documents.deleteMessage', { number })}
        busy={busy === 'delete'}
        onClose={() => setAsking(null)}
        choices={[
          {
            label: t('logistics:actions.cancel'),
            testId: 'doc-delete-cancel',
            onChoose: () => setAsking(null),
          },
          {
            label: t('logistics:actions.delete'),
            testId: 'doc-delete-confirm',
            color: 'red',
            onChoose: () => void run('delete'),
          },
        ]}
      />
    </>
  );
};
