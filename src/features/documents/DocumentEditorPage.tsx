import { Alert, Button } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { documentTypeOf, isDocumentTypeCode } from '../../../domain/warehouse/documentTypes';
import { productRulesOf } from '../../../domain/warehouse/ruleInputs';
import { canEditDocument, isDocumentStatus } from '../../../domain/warehouse/statuses';
import { documentPrintTypes, PrintButton } from '../print/PrintAction';
import { DocumentActions } from './DocumentActions';
import { type DocumentRow, type DocumentWithPositions, documentApi } from './documentApi';
import {
  emptyHeader,
  type HeaderValues,
  headerFromRow,
  instantIssues,
  sideRulesOf,
  toDocumentInput,
  withoutForbiddenSides,
} from './documentForm';
import { EditorLayout } from './EditorLayout';
import { pendingView } from './LoadGuard';
import { PositionsGrid } from './PositionsGrid';
import { StatusBadge } from './StatusBadge';
import { documentTypeLabel, typeOptionsOf } from './typeLabels';
import { useWarehouseEditor } from './useWarehouseEditor';
import { stringOf } from './values';
import { WarehouseHeaderForm } from './WarehouseHeaderForm';

/**
 * /documents/new?type=DIN and /documents/:id/edit: header and positions of a warehouse document, saved as a
 * draft (working copy) or confirmed. Confirmed documents are read-only and can be reverted; generated
 * documents keep their positions.
 */
export const DocumentEditorPage = ({ mode }: { readonly mode: 'new' | 'edit' }): ReactNode => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { id } = useParams();
  const [search] = useSearchParams();
  const requestedType = search.get('type');
  const editor = useWarehouseEditor<DocumentRow, HeaderValues>({
    mode,
    id,
    newHeader: emptyHeader(isDocumentTypeCode(requestedType) ? requestedType : null),
    load: (documentId) => Promise.all([documentApi.get(documentId), documentApi.allPositions(documentId)]),
    headerOf: headerFromRow,
  });
  const { row, header, positions, products, locations } = editor;
  const [typeOptions, setTypeOptions] = useState<string[]>([]);
  const [saving, setSaving] = useState<'draft' | 'confirmed' | null>(null);

  useEffect(() => {
    let current = true;
    void documentApi.manualTypes().then((codes) => current && setTypeOptions(codes));
    return () => {
      current = false;
    };
  }, []);

  const status = row && isDocumentStatus(row.statusCode) ? row.statusCode : 'workingCopy';
  const editable = canEditDocument(status);
  const type = documentTypeOf(header?.typeCode);
  const generated = row?.generated === true || type?.generated === true;
  const positionsReadOnly = !editable || generated;

  const input = useMemo(
    () => (header ? toDocumentInput(header, positionsReadOnly ? null : positions) : null),
    [header, positions, positionsReadOnly],
  );
  const productRules = useMemo(
    () => new Map([...products.values()].map((p) => [p.id, productRulesOf(p)])),
    [products],
  );
  const clientIssues = useMemo(
    () => (input && !generated ? instantIssues(input, productRules) : []),
    [input, generated, productRules],
  );
  const issues = editor.issuesOf(clientIssues);

  const save = async (confirm: boolean) => {
    if (!input || saving || !editor.checkBeforeSave(clientIssues)) return;
    setSaving(confirm ? 'confirmed' : 'draft');
    try {
      let saved: DocumentWithPositions;
      if (mode === 'new' || !id) saved = await documentApi.create({ ...input, confirm });
      else {
        saved = await documentApi.update(id, { ...input, confirm, version: row?.version });
        // A server that saves first and confirms separately: confirm now.
        if (confirm && saved.statusCode === 'workingCopy') saved = await documentApi.confirm(id);
      }
      notifications.show({
        color: 'green',
        message: t(confirm ? 'logistics:documents.savedConfirmed' : 'logistics:documents.savedDraft', {
          number: saved.documentNumber ?? '',
        }),
      });
      navigate(`/documents/${saved.id}`, { replace: true });
    } catch (e) {
      editor.failed(e);
    } finally {
      setSaving(null);
    }
  };

  const pending = pendingView(header !== null, editor.loadError, 'doc-error');
  if (pending || !header) return pending;
  // The type chosen is always offered, even when the user may not create it by hand.
  const types =
    header.typeCode && !typeOptions.includes(header.typeCode)
      ? [header.typeCode, ...typeOptions]
      : typeOptions;

  return (
    <EditorLayout
      prefix="doc"
      status={status}
      id={id}
      caption={type ? t(`warehouse:documentTypes.${type.code}`) : t('logistics:documents.one')}
      title={mode === 'new' ? t('logistics:documents.newTitle') : stringOf(row?.documentNumber)}
      badges={row && <StatusBadge kind="document" status={row.statusCode} testId="doc-status" />}
      actions={
        <>
          {editable && (
            <>
              <Button
                variant="default"
                onClick={() => void save(false)}
                loading={saving === 'draft'}
                disabled={saving !== null}
                data-testid="doc-save-draft"
              >
                {t('logistics:documents.saveDraft')}
              </Button>
              <Button
                onClick={() => void save(true)}
                loading={saving === 'confirmed'}
                disabled={saving !== null}
                data-testid="doc-save-confirmed"
              >
                {t('logistics:documents.saveConfirmed')}
              </Button>
            </>
          )}
          {row && <DocumentActions row={row} onChanged={editor.setRow} />}
          {row && <PrintButton objectTypes={documentPrintTypes} objectId={row.id} />}
          <Button
            variant="subtle"
            onClick={() => navigate(id ? `/documents/${id}` : '/documents')}
            data-testid="doc-cancel"
          >
            {editable ? t('logistics:actions.cancel') : t('logistics:actions.back')}
          </Button>
        </>
      }
      notices={
        <>
          {!editable && (
            <Alert color="blue" data-testid="doc-read-only">
              {t(
                status === 'confirmed'
                  ? 'logistics:documents.confirmedReadOnly'
                  : 'logistics:documents.revertedReadOnly',
              )}
            </Alert>
          )}
          {editable && generated && (
            <Alert color="blue" data-testid="doc-generated">
              {t('warehouse:issues.positionsNotEditable')}
            </Alert>
          )}
        </>
      }
      formError={editor.formError}
      headerIssues={issues.header}
      header={
        <WarehouseHeaderForm
          prefix="doc"
          values={header}
          onChange={(v) => {
            if (v.typeCode !== header.typeCode) {
              // Sides the new type forbids are hidden: drop their values instead of reporting them.
              editor.setHeader(withoutForbiddenSides(v));
              editor.setPositions((rows) => rows.map((p) => withoutForbiddenSides(p, v.typeCode)));
            } else editor.setHeader(v);
            editor.changed();
          }}
          readOnly={!editable}
          typeOptions={typeOptionsOf(t, types, documentTypeLabel)}
          typeLocked={mode === 'edit'}
          issues={issues.header}
          sides={sideRulesOf(header.typeCode)}
          refTitles={{
            contractorId: stringOf(row?.contractorName) || undefined,
            sourceLocationId: stringOf(row?.sourceLocationLabel) || undefined,
            destinationLocationId: stringOf(row?.destinationLocationLabel) || undefined,
          }}
        />
      }
      positionsTitle={t('logistics:documents.positions')}
      positions={
        <PositionsGrid
          typeCode={header.typeCode}
          positions={positions}
          onChange={(next) => {
            editor.setPositions(() => next);
            editor.changed();
          }}
          readOnly={positionsReadOnly}
          products={products}
          locations={locations}
          issues={issues.positions}
        />
      }
    />
  );
};
