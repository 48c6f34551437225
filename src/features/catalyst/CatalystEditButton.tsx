import { Button } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { PreviewExtraProps } from '../../resources/extensions';
import { useResourceAccess } from '../../resources/useResourceAccess';

/** In a catalyst's preview: opens its edit form (the generic preview offers none, catalysts have their own). */
export const CatalystEditButton = ({ def, row }: PreviewExtraProps): ReactNode => {
  const { t } = useTranslation('resources');
  const navigate = useNavigate();
  const access = useResourceAccess(def);
  if (!access.canEdit) return null;
  return (
    <Button
      variant="default"
      onClick={() => navigate(`/${def.route}/${encodeURIComponent(row.id)}/edit`)}
      data-testid="catalyst-edit"
    >
      {t('generic.edit')}
    </Button>
  );
};
