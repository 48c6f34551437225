import { Alert, Loader } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { PublicLayout } from '../../ui/PublicLayout';
import { SharedEndedPage } from './SharedEndedPage';
import { SharedKeyForm } from './SharedKeyForm';
import { useOpenedLink } from './useOpenedLink';

/** /shared: opens the link of the key in the address and goes on to its page (inventory or stock). */
export const SharedLandingPage = (): ReactNode => {
  const { t } = useTranslation('portal');
  const [state] = useOpenedLink();
  if (state.kind === 'opening')
    return (
      <PublicLayout size="sm">
        <Loader />
      </PublicLayout>
    );
  if (state.kind === 'ended') return <SharedEndedPage end={state.end} />;
  if (state.kind === 'failed')
    return (
      <PublicLayout size="sm">
        <Alert color="red">{t(`errors:${state.code}`)}</Alert>
      </PublicLayout>
    );
  if (state.kind === 'none') return <SharedKeyForm />;
  return (
    <Navigate
      to={state.link.contentType === 'stock' ? '/shared/wms-stock' : '/shared/wms-inventory'}
      replace
    />
  );
};
