import { Alert, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useEditMode } from './useEditMode';

export interface EditModeIndicatorProps {
  /** Resource name as the definitions call it (e.g. `product`). */
  readonly resourceType: string;
  /** The record open in the form; absent for a new record. */
  readonly id: string | undefined;
}

/**
 * Enters edit mode for the record while mounted and shows who else is editing it ("Also editing:
 * Ann, Bob"); renders nothing while nobody else is.
 */
export const EditModeIndicator = ({ resourceType, id }: EditModeIndicatorProps): ReactNode => {
  const { t } = useTranslation('common');
  const others = useEditMode(resourceType, id);
  if (others.length === 0) return null;
  return (
    <Alert color="yellow" variant="light" role="status" p="xs" data-testid="edit-mode-others">
      <Text size="sm" fw={500} data-testid="edit-mode-names">
        {t('editMode.alsoEditing', { names: others.map((e) => e.userName).join(', ') })}
      </Text>
      <Text size="xs" c="dimmed">
        {t('editMode.hint')}
      </Text>
    </Alert>
  );
};
