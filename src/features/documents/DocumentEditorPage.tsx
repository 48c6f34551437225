import { Alert, Button, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import type { RuleIssue } from '../../../domain/errors';
import { documentTypeOf, isDocumentTypeCode } from '../../../domain/warehouse/documentTypes';
import { canEditDocument, isDocumentStatus } from '../../../domain/warehouse/statuses';
import { errorMessage } from '../../i18n/i18n';
import { DocumentActions } from './DocumentActions';
import { DocumentHeaderForm } from './DocumentHeaderForm';
import { type DocumentRow, type DocumentWithPositions, documentApi } from './documentApi';
import {
  emptyHeader,
  emptyPosition,
  type HeaderValues,
  headerFromRow,
  instantIssues,
  type PositionValues,
  positionFromRow,
  productRulesOf,
  toDocumentInput,
  withoutForbiddenSides,
} from './documentForm';
import { errorIssues } from './errorIssues';
import { issueText } from './issueText';
import { PositionsGrid } from './PositionsGrid';
import { StatusBadge } from './StatusBadge';
import { useRowsById } from './useRowsById';
import { stringOf } from './values';

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
  const [row, setRow] = useState<DocumentRow | null>(null);
  const [header, setHeader] = useState<HeaderValues | null>(
    mode === 'new' ? emptyHeader(isDocumentTypeCode(requestedType) ? requestedType : null) : null,
  );
  const [positions, setPositions] = useState<PositionValues[]>(mode === 'new' ? [emptyPosition()] : []);
  const [typeOptions, setTypeOptions] = useState<string[]>([]);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [serverIssues, setServerIssues] = useState<RuleIssue[] | null>(null);
  const [submitted, setSubmitted] = useState(false);
  const [saving, setSaving] = useState<'draft' | 'confirmed' | null>(null);

  useEffect(() => {
    let current = true;
    void documentApi.manualTypes().then((codes) => current && setTypeOptions(codes));
    return () => {
      current = false;
    };
  }, []);

  useEffect(() => {
    if (mode !== 'edit' || !id) return;
    let current = true;
    setLoadError(null);
    Promise.all([documentApi.get(id), documentApi.allPositions(id)])
      .then(([doc, rows]) => {
        if (!current) return;
        setRow(doc);
        setHeader(headerFromRow(doc));
        setPositions(rows.map(positionFromRow));
      })
      .catch((e: unknown) => current && setLoadError(errorMessage(t, e)));
    return () => {
      current = false;
    };
  }, [mode, id, t]);

  const productIds = useMemo(() => positions.map((p) => p.productId), [positions]);
  const products = useRowsById('product', productIds);
  const locationIds = useMemo(
    () => positions.flatMap((p) => [p.sourceLocationId, p.destinationLocationId]),
    [positions],
  );
  const locations = useRowsById('storageSpace', locationIds);

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
  // Server issues stay until the next change; after that the domain rules give instant feedback.
  const issues = serverIssues ?? (submitted ? clientIssues : []);
  const headerIssues = issues.filter((i) => i.positionIndex === undefined);
  const positionIssues = issues.filter((i) => i.positionIndex !== undefined);

  const changed = () => {
    setServerIssues(null);
    setFormError(null);
  };

  const save = async (confirm: boolean) => {
    if (!input || saving) return;
    setSubmitted(true);
    changed();
    if (clientIssues.length) {
      setFormError(t('errors:formHasErrors'));
      return;
    }
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
      const found = errorIssues(e);
      setServerIssues(found.length ? found : null);
      const message = errorMessage(t, e);
      setFormError(message);
      notifications.show({ color: 'red', message });
    } finally {
      setSaving(null);
    }
  };

  if (loadError) {
    return (
      <Alert color="red" data-testid="doc-error">
        {loadError}
      </Alert>
    );
  }
  if (!header) return <Loader aria-label={t('logistics:loading')} />;

  return (
    <Stack gap="md" data-testid="doc-editor" data-status={status} data-id={id}>
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Stack gap={0}>
          <Text size="sm" c="dimmed">
            {type ? t(`warehouse:documentTypes.${type.code}`) : t('logistics:documents.one')}
          </Text>
          <Group gap="xs">
            <Title order={2} data-testid="doc-number">
              {mode === 'new' ? t('logistics:documents.newTitle') : stringOf(row?.documentNumber)}
            </Title>
            {row && <StatusBadge kind="document" status={row.statusCode} testId="doc-status" />}
          </Group>
        </Stack>
        <Group gap="xs">
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
          {row && <DocumentActions row={row} onChanged={setRow} />}
          <Button
            variant="subtle"
            onClick={() => navigate(id ? `/documents/${id}` : '/documents')}
            data-testid="doc-cancel"
          >
            {editable ? t('logistics:actions.cancel') : t('logistics:actions.back')}
          </Button>
        </Group>
      </Group>

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
      {(formError || headerIssues.length > 0) && (
        <Alert color="red" data-testid="doc-form-error">
          <Stack gap={2}>
            {formError && <Text size="sm">{formError}</Text>}
            {headerIssues.map((i) => (
              <Text
                key={`${i.code}-${i.field ?? ''}`}
                size="sm"
                data-testid="doc-issue"
                data-code={i.code}
                data-field={i.field}
              >
                {issueText(t, i)}
              </Text>
            ))}
          </Stack>
        </Alert>
      )}

      <Paper withBorder p="md">
        <DocumentHeaderForm
          values={header}
          onChange={(v) => {
            if (v.typeCode !== header.typeCode) {
              // Sides the new type forbids are hidden: drop their values instead of reporting them.
              setHeader(withoutForbiddenSides(v));
              setPositions((rows) => rows.map((p) => withoutForbiddenSides(p, v.typeCode)));
            } else setHeader(v);
            changed();
          }}
          readOnly={!editable}
          typeOptions={typeOptions}
          typeLocked={mode === 'edit'}
          issues={headerIssues}
          refTitles={{
            contractorId: stringOf(row?.contractorName) || undefined,
            sourceLocationId: stringOf(row?.sourceLocationLabel) || undefined,
            destinationLocationId: stringOf(row?.destinationLocationLabel) || undefined,
          }}
        />
      </Paper>

      <Paper withBorder p="md">
        <Stack gap="xs">
          <Title order={4}>{t('logistics:documents.positions')}</Title>
          <PositionsGrid
            typeCode={header.typeCode}
            positions={positions}
            onChange={(next) => {
              setPositions(next);
              changed();
            }}
            readOnly={positionsReadOnly}
            products={products}
            locations={locations}
            issues={positionIssues}
          />
        </Stack>
      </Paper>
    </Stack>
  );
};
