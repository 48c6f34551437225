import { Button } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import {
  canDeleteDocument,
  canTransitionDocument,
  isDocumentStatus,
} from '../../../domain/warehouse/statuses';
import { ChoiceDialog } from './ChoiceDialog';
import { type DocumentRow, type DocumentWithPositions, documentApi } from './documentApi';
import { useNotifyingAction } from './useNotifyingAction';
import { stringOf } from './values';

export interface DocumentActionsProps {
  readonly row: DocumentRow;
  /** Offer "Confirm" (the preview; the editor has "Save as confirmed" instead). */
  readonly withConfirm?: boolean;
  readonly onChanged: (row: DocumentWithPositions) => void;
}

type Action = 'confirm' | 'revert' | 'delete';

/** Confirm, revert (after a question) and delete of a document, as its status allows (domain/warehouse/statuses). */
export const DocumentActions = ({ row, withConfirm = false, onChanged }: DocumentActionsProps): ReactNode => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [asking, setAsking] = useState<'revert' | 'delete' | null>(null);
  const { busy, run } = useNotifyingAction<Action>();
  const status = isDocumentStatus(row.statusCode) ? row.statusCode : null;
  const number = stringOf(row.documentNumber);

  const act = async (action: Action) => {
    const done = await run(action, async () => {
      if (action === 'delete') {
        await documentApi.remove(row.id);
        return t('logistics:documents.deleted');
      }
      const saved =
        action === 'confirm' ? await documentApi.confirm(row.id) : await documentApi.revert(row.id);
      onChanged(saved);
      return t(action === 'confirm' ? 'logistics:documents.confirmed' : 'logistics:documents.reverted', {
        number: stringOf(saved.documentNumber) || number,
      });
    });
    setAsking(null);
    if (done && action === 'delete') navigate('/documents', { replace: true });
  };

  const question = (kind: 'revert' | 'delete', color: string, label: string) => (
    <ChoiceDialog
      opened={asking === kind}
      title={t(`logistics:documents.${kind}Title`)}
      message={t(`logistics:documents.${kind}Message`, { number })}
      busy={busy === kind}
      onClose={() => setAsking(null)}
      cancelTestId={`doc-${kind}-cancel`}
      choices={[{ label, testId: `doc-${kind}-confirm`, color, onChoose: () => void act(kind) }]}
    />
  );

  return (
    <>
      {withConfirm && status && canTransitionDocument(status, 'confirmed') && (
        <Button onClick={() => void act('confirm')} loading={busy === 'confirm'} data-testid="doc-confirm">
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
      {question('revert', 'orange', t('logistics:documents.revert'))}
      {question('delete', 'red', t('logistics:actions.delete'))}
    </>
  );
};
