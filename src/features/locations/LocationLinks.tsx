import { Button } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { storageSpaceResource } from '../../../domain/resources/definitions/storageSpace';
import { useResourceAccess } from '../../resources/useResourceAccess';

type Screen = 'list' | 'tree' | 'generator';

const links: readonly { screen: Screen; path: string; label: string; testId: string }[] = [
  {
    screen: 'tree',
    path: '/storage-spaces/tree',
    label: 'locations.tree.title',
    testId: 'locations-open-tree',
  },
  {
    screen: 'generator',
    path: '/storage-spaces/generate',
    label: 'locations.generator.title',
    testId: 'locations-open-generator',
  },
  { screen: 'list', path: '/storage-spaces', label: 'locations.list', testId: 'locations-open-list' },
];

/** Buttons to the other location screens (the generator only for those who may add locations). */
export const LocationLinks = ({ current }: { readonly current: Screen }): ReactNode => {
  const { t } = useTranslation('infrastructure');
  const navigate = useNavigate();
  const access = useResourceAccess(storageSpaceResource);
  return links
    .filter((l) => l.screen !== current && (l.screen !== 'generator' || access.canWrite))
    .map((l) => (
      <Button key={l.screen} variant="default" onClick={() => navigate(l.path)} data-testid={l.testId}>
        {t(l.label)}
      </Button>
    ));
};
