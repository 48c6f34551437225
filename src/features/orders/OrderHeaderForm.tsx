import { Select, SimpleGrid, Textarea, TextInput } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { hasAccess } from '../../../domain/auth/claims';
import type { RuleIssue } from '../../../domain/errors';
import { priorities } from '../../../domain/resources/definitions/wmsDocument';
import { documentTypeOf } from '../../../domain/warehouse/documentTypes';
import { useAuthStore } from '../../app/stores/authStore';
import { RefSelect } from '../../resources/RefSelect';
import { issueText } from '../documents/issueText';
import { documentTypeOfOrder, type OrderHeaderValues } from './orderForm';

export interface OrderHeaderFormProps {
  readonly values: OrderHeaderValues;
  readonly onChange: (values: OrderHeaderValues) => void;
  readonly readOnly: boolean;
  readonly typeOptions: readonly string[];
  readonly typeLocked: boolean;
  readonly issues: readonly RuleIssue[];
}

type LocationField = 'sourceLocationId' | 'destinationLocationId';
type ContainerField = 'sourceContainer' | 'destinationContainer';

/**
 * The header of a move, production order or sell offer. Locations and bins are defaults for the lines; a side the
 * generated document type forbids is not offered.
 */
export const OrderHeaderForm = ({
  values,
  onChange,
  readOnly,
  typeOptions,
  typeLocked,
  issues,
}: OrderHeaderFormProps): ReactNode => {
  const { t } = useTranslation();
  const claims = useAuthStore((s) => s.claims);
  const canPickUser = claims !== null && hasAccess(claims, 'power');
  const docType = documentTypeOf(documentTypeOfOrder(values.typeCode));
  const label = (field: string) => t(`logistics:fields.${field}`);
  const set = (patch: Partial<OrderHeaderValues>) => onChange({ ...values, ...patch });
  const errorOf = (field: string): string | undefined => {
    const found = issues.find((i) => i.field === field);
    return found ? issueText(t, found) : undefined;
  };
  const shown = (
    side: 'sourceLocation' | 'destinationLocation' | 'sourceContainer' | 'destinationContainer',
  ) => docType?.[side] !== 'forbidden';

  const location = (field: LocationField) => (
    <RefSelect
      refName="storageSpace"
      label={label(field)}
      value={values[field]}
      onChange={(v) => set({ [field]: v })}
      disabled={readOnly}
      error={errorOf(field)}
      data-testid={`order-${field === 'sourceLocationId' ? 'source' : 'destination'}`}
    />
  );
  const container = (field: ContainerField) => (
    <TextInput
      label={label(field)}
      value={values[field]}
      onChange={(e) => set({ [field]: e.currentTarget.value })}
      disabled={readOnly}
      error={errorOf(field)}
      data-testid={`order-${field === 'sourceContainer' ? 'source-container' : 'destination-container'}`}
    />
  );

  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm" data-testid="order-header">
      <Select
        label={label('typeCode')}
        data={typeOptions.map((code) => ({
          value: code,
          label: `${code} — ${t(`warehouse:orderTypes.${code}`)}`,
        }))}
        value={values.typeCode}
        onChange={(v) => set({ typeCode: v })}
        required
        disabled={readOnly || typeLocked}
        allowDeselect={false}
        error={errorOf('typeCode')}
        renderOption={({ option }) => (
          <span data-testid={`order-type-option-${option.value}`}>{option.label}</span>
        )}
        data-testid="order-type"
      />
      <RefSelect
        refName="company"
        label={label('contractorId')}
        value={values.contractorId}
        onChange={(v) => set({ contractorId: v })}
        disabled={readOnly}
        error={errorOf('contractorId')}
        data-testid="order-contractor"
      />
      {canPickUser && (
        <RefSelect
          refName="user"
          label={label('assignedUserId')}
          value={values.assignedUserId}
          onChange={(v) => set({ assignedUserId: v })}
          disabled={readOnly}
          error={errorOf('assignedUserId')}
          data-testid="order-assigned-user"
        />
      )}
      <Select
        label={label('priority')}
        data={priorities.map((p) => ({ value: p, label: t(`logistics:priorities.${p}`) }))}
        value={values.priority}
        onChange={(v) => set({ priority: v ?? 'normal' })}
        allowDeselect={false}
        disabled={readOnly}
        data-testid="order-priority"
      />
      {shown('sourceLocation') && location('sourceLocationId')}
      {shown('sourceContainer') && container('sourceContainer')}
      {shown('destinationLocation') && location('destinationLocationId')}
      {shown('destinationContainer') && container('destinationContainer')}
      <TextInput
        type="datetime-local"
        label={label('plannedDate')}
        value={values.plannedDate}
        onChange={(e) => set({ plannedDate: e.currentTarget.value })}
        disabled={readOnly}
        error={errorOf('plannedDate')}
        data-testid="order-planned-date"
      />
      <TextInput
        type="datetime-local"
        label={label('deliveryDate')}
        value={values.deliveryDate}
        onChange={(e) => set({ deliveryDate: e.currentTarget.value })}
        disabled={readOnly}
        error={errorOf('deliveryDate')}
        data-testid="order-delivery-date"
      />
      <Textarea
        label={label('comment')}
        value={values.comment}
        onChange={(e) => set({ comment: e.currentTarget.value })}
        disabled={readOnly}
        autosize
        minRows={1}
        maxRows={6}
        error={errorOf('comment')}
        data-testid="order-comment"
      />
    </SimpleGrid>
  );
};
