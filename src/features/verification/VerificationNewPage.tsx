import { Button, Checkbox, Paper, Select, SimpleGrid, Stack, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import type { RuleIssue } from '../../../domain/errors';
import { orderTypeOf } from '../../../domain/warehouse/orderTypes';
import { errorMessage } from '../../i18n/i18n';
import { localInputToIso } from '../../resources/formValues';
import { RefSelect } from '../../resources/RefSelect';
import { errorIssues } from '../documents/errorIssues';
import { IssuesAlert } from '../documents/IssuesAlert';
import { issueText } from '../documents/issueText';
import { RecordHeader } from '../documents/RecordHeader';
import { textOrNull } from '../documents/values';
import { DateTimeField } from '../documents/WarehouseHeaderForm';
import { orderApi } from '../orders/orderApi';
import { verificationOrderTypes } from './verificationTypes';

/** The header field naming what a count covers, per scope (VER-A counts everything), and what it refers to. */
const scopes = {
  product: { field: 'verifyProductId', refName: 'product', testId: 'verify-product' },
  contractor: { field: 'contractorId', refName: 'company', testId: 'verify-contractor' },
  location: { field: 'verifyLocationId', refName: 'storageSpace', testId: 'verify-location' },
} as const;
type ScopeField = (typeof scopes)[keyof typeof scopes]['field'];

/**
 * /verification-orders/new?type=VER-L: a stock count of everything, a product, a contractor's goods or a
 * location. Its lines are made by the server from current stock when it is saved.
 */
export const VerificationNewPage = (): ReactNode => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const requested = verificationOrderTypes.find((c) => c === search.get('type')) ?? 'VER-L';
  const [typeCode, setTypeCode] = useState<string>(requested);
  const [scopeValue, setScopeValue] = useState<string | null>(null);
  const [plannedDate, setPlannedDate] = useState('');
  const [comment, setComment] = useState('');
  const [toProduction, setToProduction] = useState(true);
  const [issues, setIssues] = useState<RuleIssue[]>([]);
  const [formError, setFormError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const verificationScope = orderTypeOf(typeCode)?.verificationScope;
  const scope = verificationScope && verificationScope !== 'all' ? scopes[verificationScope] : null;
  const errorOf = (field: string) => {
    const found = issues.find((i) => i.field === field);
    return found ? issueText(t, found) : undefined;
  };
  const scoped = (field: ScopeField): string | null => (scope?.field === field ? scopeValue : null);

  const save = async () => {
    setFormError(null);
    setIssues([]);
    // The scope value is required by the type (the server says the same with formHasErrors / required).
    if (scope && !scopeValue) {
      setIssues([{ code: 'required', field: scope.field }]);
      setFormError(t('errors:formHasErrors'));
      return;
    }
    setSaving(true);
    try {
      const saved = await orderApi.create({
        typeCode,
        contractorId: scoped('contractorId'),
        verifyProductId: scoped('verifyProductId'),
        verifyLocationId: scoped('verifyLocationId'),
        assignedUserId: null,
        priority: 'normal',
        sourceLocationId: null,
        destinationLocationId: null,
        sourceContainer: null,
        destinationContainer: null,
        plannedDate: localInputToIso(plannedDate) ?? null,
        deliveryDate: null,
        comment: textOrNull(comment),
        positions: [],
        saveAs: toProduction ? 'production' : 'workingCopy',
      });
      notifications.show({
        color: 'green',
        message: t('logistics:verification.created', {
          number: saved.orderNumber ?? '',
          count: saved.positions?.length ?? 0,
        }),
      });
      navigate(`/verification-orders/${saved.id}`, { replace: true });
    } catch (e) {
      setIssues(errorIssues(e));
      const message = errorMessage(t, e);
      setFormError(message);
      notifications.show({ color: 'red', message });
    } finally {
      setSaving(false);
    }
  };

  return (
    <Stack gap="md" data-testid="verify-new">
      <RecordHeader
        caption={t('logistics:verification.title')}
        title={t('logistics:verification.newTitle')}
        titleTestId="verify-new-title"
        actions={
          <>
            <Button onClick={() => void save()} loading={saving} data-testid="verify-save">
              {t('logistics:actions.save')}
            </Button>
            <Button
              variant="subtle"
              onClick={() => navigate('/verification-orders')}
              data-testid="verify-cancel"
            >
              {t('logistics:actions.cancel')}
            </Button>
          </>
        }
      />
      <IssuesAlert message={formError} issues={[]} testIdPrefix="verify" />
      <Paper withBorder p="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <Select
            label={t('logistics:fields.typeCode')}
            data={verificationOrderTypes.map((c) => ({ value: c, label: t(`warehouse:orderTypes.${c}`) }))}
            value={typeCode}
            onChange={(v) => {
              if (!v) return;
              setTypeCode(v);
              setScopeValue(null);
            }}
            allowDeselect={false}
            required
            renderOption={({ option }) => (
              <span data-testid={`verify-type-option-${option.value}`}>{option.label}</span>
            )}
            data-testid="verify-type"
          />
          {scope && (
            <RefSelect
              key={scope.field}
              refName={scope.refName}
              label={t(`logistics:fields.${scope.field}`)}
              value={scopeValue}
              onChange={setScopeValue}
              required
              error={errorOf(scope.field)}
              data-testid={scope.testId}
            />
          )}
          <DateTimeField
            label={t('logistics:fields.plannedDate')}
            value={plannedDate}
            onChange={setPlannedDate}
            testId="verify-planned-date"
          />
          <Textarea
            label={t('logistics:fields.comment')}
            value={comment}
            onChange={(e) => setComment(e.currentTarget.value)}
            autosize
            minRows={1}
            data-testid="verify-comment"
          />
          <Checkbox
            label={t('logistics:verification.startNow')}
            description={t('logistics:verification.startNowHint')}
            checked={toProduction}
            onChange={(e) => setToProduction(e.currentTarget.checked)}
            data-testid="verify-start-now"
          />
        </SimpleGrid>
      </Paper>
    </Stack>
  );
};
