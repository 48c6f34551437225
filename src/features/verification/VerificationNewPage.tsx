import {
  Alert,
  Button,
  Checkbox,
  Group,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
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
import { issueText } from '../documents/issueText';
import { textOrNull } from '../documents/values';
import { orderApi } from '../orders/orderApi';
import { verificationOrderTypes } from './verificationTypes';

/** The header field naming what a count covers, per scope (VER-A counts everything). */
const scopeFields = {
  product: 'verifyProductId',
  contractor: 'contractorId',
  location: 'verifyLocationId',
} as const;
type ScopeField = (typeof scopeFields)[keyof typeof scopeFields];

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
  const [scope, setScope] = useState<Record<ScopeField, string | null>>({
    verifyProductId: null,
    contractorId: null,
    verifyLocationId: null,
  });
  const [plannedDate, setPlannedDate] = useState('');
  const [comment, setComment] = useState('');
  const [toProduction, setToProduction] = useState(true);
  const [issues, setIssues] = useState<RuleIssue[]>([]);
  const [formError, setFormError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const verificationScope = orderTypeOf(typeCode)?.verificationScope;
  const scopeField = verificationScope && verificationScope !== 'all' ? scopeFields[verificationScope] : null;
  const errorOf = (field: string) => {
    const found = issues.find((i) => i.field === field);
    return found ? issueText(t, found) : undefined;
  };

  const save = async () => {
    setFormError(null);
    setIssues([]);
    // The scope value is required by the type (the server says the same with formHasErrors / required).
    if (scopeField && !scope[scopeField]) {
      setIssues([{ code: 'required', field: scopeField }]);
      setFormError(t('errors:formHasErrors'));
      return;
    }
    setSaving(true);
    try {
      const saved = await orderApi.create({
        typeCode,
        contractorId: scopeField === 'contractorId' ? scope.contractorId : null,
        verifyProductId: scopeField === 'verifyProductId' ? scope.verifyProductId : null,
        verifyLocationId: scopeField === 'verifyLocationId' ? scope.verifyLocationId : null,
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
      <Group justify="space-between" align="flex-end">
        <Stack gap={0}>
          <Text size="sm" c="dimmed">
            {t('logistics:verification.title')}
          </Text>
          <Title order={2}>{t('logistics:verification.newTitle')}</Title>
        </Stack>
        <Group gap="xs">
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
        </Group>
      </Group>
      {formError && (
        <Alert color="red" data-testid="verify-form-error">
          {formError}
        </Alert>
      )}
      <Paper withBorder p="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <Select
            label={t('logistics:fields.typeCode')}
            data={verificationOrderTypes.map((c) => ({ value: c, label: t(`warehouse:orderTypes.${c}`) }))}
            value={typeCode}
            onChange={(v) => v && setTypeCode(v)}
            allowDeselect={false}
            required
            renderOption={({ option }) => (
              <span data-testid={`verify-type-option-${option.value}`}>{option.label}</span>
            )}
            data-testid="verify-type"
          />
          {scopeField === 'verifyProductId' && (
            <RefSelect
              refName="product"
              label={t('logistics:fields.verifyProductId')}
              value={scope.verifyProductId}
              onChange={(v) => setScope((s) => ({ ...s, verifyProductId: v }))}
              required
              error={errorOf('verifyProductId')}
              data-testid="verify-product"
            />
          )}
          {scopeField === 'contractorId' && (
            <RefSelect
              refName="company"
              label={t('logistics:fields.contractorId')}
              value={scope.contractorId}
              onChange={(v) => setScope((s) => ({ ...s, contractorId: v }))}
              required
              error={errorOf('contractorId')}
              data-testid="verify-contractor"
            />
          )}
          {scopeField === 'verifyLocationId' && (
            <RefSelect
              refName="storageSpace"
              label={t('logistics:fields.verifyLocationId')}
              value={scope.verifyLocationId}
              onChange={(v) => setScope((s) => ({ ...s, verifyLocationId: v }))}
              required
              error={errorOf('verifyLocationId')}
              data-testid="verify-location"
            />
          )}
          <TextInput
            type="datetime-local"
            label={t('logistics:fields.plannedDate')}
            value={plannedDate}
            onChange={(e) => setPlannedDate(e.currentTarget.value)}
            data-testid="verify-planned-date"
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
