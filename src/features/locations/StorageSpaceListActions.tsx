import { Button } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { ListActionProps } from '../../resources/extensions';
import { useResourceAccess } from '../../resources/useResourceAccess';

/** On the location list: the tree and, for those who may add locations, the generator. */
export const StorageSpaceListActions = ({ def }: ListActionProps): ReactNode => {
  const { t } = useTranslation('infrastructure');
  const navigate = useNavigate();
  const access = useResourceAccess(def);
  return (
    <>
      <Button
        variant="default"
        onClick={() => navigate('/storage-spaces/tree')}
        data-testid="locations-open-tree"
      >
        {t('locations.tree.title')}
      </Button>
      {access.canWrite && (
        <Button
          variant="default"
          onClick={() => navigate('/storage-spaces/generate')}
          data-testid="locations-open-generator"
        >
          {t('locations.generator.title')}
        </Button>
      )}
    </>
  );
};
