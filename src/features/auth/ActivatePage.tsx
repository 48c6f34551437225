import { Alert, Button, Loader, Paper, Stack, Title } from '@mantine/core';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { api } from '../../api/http';
import { errorMessage } from '../../i18n/i18n';
import { PublicLayout } from '../../ui/PublicLayout';

/** One call per code per page load: an activation code works only once (and StrictMode runs effects twice). */
const activations = new Map<string, Promise<unknown>>();
const activate = (code: string): Promise<unknown> => {
  let pending = activations.get(code);
  if (!pending) {
    pending = api.get(`/api/Register/activate/${encodeURIComponent(code)}`);
    activations.set(code, pending);
  }
  return pending;
};

type ActivationState =
  | { readonly status: 'pending' }
  | { readonly status: 'done' }
  | { readonly status: 'failed'; readonly error: unknown };

/** /activate?code=…: activates the account from the e-mail link. */
export const ActivatePage = (): ReactNode => {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const code = params.get('code')?.trim() ?? '';
  const [state, setState] = useState<ActivationState>(
    code ? { status: 'pending' } : { status: 'failed', error: 'wrongActivationCode' },
  );

  useEffect(() => {
    if (!code) return;
    let current = true;
    setState({ status: 'pending' });
    activate(code).then(
      () => current && setState({ status: 'done' }),
      (error: unknown) => current && setState({ status: 'failed', error }),
    );
    return () => {
      current = false;
    };
  }, [code]);

  return (
    <PublicLayout>
      <Paper withBorder shadow="sm" p="lg" radius="md">
        <Stack gap="md">
          <Title order={3}>{t('auth.activate.title')}</Title>
          {state.status === 'pending' && <Loader size="sm" aria-label={t('shell.loading')} />}
          {state.status === 'done' && (
            <Alert color="green" role="status" data-testid="activate-success">
              {t('auth.activate.success')}
            </Alert>
          )}
          {state.status === 'failed' && (
            <Alert color="red" role="alert" data-testid="activate-error">
              {errorMessage(t, state.error)}
            </Alert>
          )}
          <Button component={Link} to="/signin" variant={state.status === 'done' ? 'filled' : 'light'}>
            {t('auth.goToSignIn')}
          </Button>
        </Stack>
      </Paper>
    </PublicLayout>
  );
};
