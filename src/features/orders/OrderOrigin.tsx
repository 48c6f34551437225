import { Badge } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** Where an order came from: the contractor portal (a badge), or the order it was copied from (its type). */
export const OrderOrigin = ({ source }: { readonly source: string | null | undefined }): ReactNode => {
  const { t } = useTranslation(['portal', 'warehouse']);
  if (!source) return null;
  if (source === 'portal')
    return (
      <Badge color="grape" variant="light" data-testid="order-origin-portal">
        {t('portal:origin.portal')}
      </Badge>
    );
  return t(`warehouse:orderTypes.${source}`, { defaultValue: source });
};
