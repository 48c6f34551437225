import { Alert, Anchor, Button, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { type FormEvent, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { api } from '../../api/http';
import { errorMessage } from '../../i18n/i18n';
import { PublicLayout } from '../../ui/PublicLayout';
import { PasswordFields } from './PasswordFields';
import {
  checkConfirm,
  checkEmail,
  checkPassword,
  type FormErrors,
  failures,
  splitFailure,
} from './validation';

const RequestReset = (): ReactNode => {
  const { t } = useTranslation();
  const [email, setEmail] = useState('');
  const [errors, setErrors] = useState<FormErrors<'email'>>({});
  const [failure, setFailure] = useState<unknown>(null);
  const [sent, setSent] = useState(false);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = failures({ email: checkEmail(email) });
    setErrors(found);
    setFailure(null);
    if (Object.keys(found).length) return;
    setBusy(true);
    try {
      await api.get(`/api/Register/send-reset/${encodeURIComponent(email.trim())}`);
      setSent(true);
    } catch (error) {
      const split = splitFailure(error, ['email'] as const, { emailNotFound: 'email' });
      setErrors(split.errors);
      setFailure(split.alert);
    } finally {
      setBusy(false);
    }
  };

  if (sent) {
    return (
      <Alert color="green" role="status" data-testid="recovery-sent">
        {t('auth.recovery.sent')}
      </Alert>
    );
  }
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {t('auth.recovery.requestIntro')}
        </Text>
        {failure !== null && (
          <Alert color="red" role="alert" data-testid="recovery-error">
            {errorMessage(t, failure)}
          </Alert>
        )}
        <TextInput
          label={t('auth.fields.email')}
          type="email"
          value={email}
          onChange={(e) => {
            setEmail(e.currentTarget.value);
            setErrors({});
          }}
          error={errors.email && errorMessage(t, errors.email)}
          autoComplete="email"
          required
          data-testid="recovery-email"
        />
        <Button type="submit" loading={busy} data-testid="recovery-submit">
          {t('auth.recovery.send')}
        </Button>
      </Stack>
    </form>
  );
};

type ResetField = 'password' | 'confirmPassword';

const MakeReset = ({ code }: { readonly code: string }): ReactNode => {
  const { t } = useTranslation();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<FormErrors<ResetField>>({});
  const [failure, setFailure] = useState<unknown>(null);
  const [changed, setChanged] = useState(false);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = failures<ResetField>({
      password: checkPassword(password),
      confirmPassword: checkConfirm(password, confirm),
    });
    setErrors(found);
    setFailure(null);
    if (Object.keys(found).length) return;
    setBusy(true);
    try {
      await api.post('/api/Register/make-reset', { code, password, confirmPassword: confirm });
      setChanged(true);
    } catch (error) {
      const split = splitFailure<ResetField>(error, ['password', 'confirmPassword'], {
        sameAsPassword: 'confirmPassword',
      });
      setErrors(split.errors);
      setFailure(split.alert);
    } finally {
      setBusy(false);
    }
  };

  if (changed) {
    return (
      <Stack gap="md">
        <Alert color="green" role="status" data-testid="recovery-changed">
          {t('auth.recovery.changed')}
        </Alert>
        <Button component={Link} to="/signin">
          {t('auth.goToSignIn')}
        </Button>
      </Stack>
    );
  }
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        {failure !== null && (
          <Alert color="red" role="alert" data-testid="recovery-error">
            {errorMessage(t, failure)}
          </Alert>
        )}
        <PasswordFields
          password={password}
          confirmPassword={confirm}
          onChange={(field, value) => {
            if (field === 'password') setPassword(value);
            else setConfirm(value);
            setErrors((s) => ({ ...s, [field]: undefined }));
          }}
          errors={errors}
          label={t('auth.recovery.newPassword')}
          testIdPrefix="recovery"
        />
        <Button type="submit" loading={busy} data-testid="recovery-submit">
          {t('auth.recovery.change')}
        </Button>
      </Stack>
    </form>
  );
};

/** /recovery: ask for a reset e-mail; /recovery?code=…: set a new password. */
export const RecoveryPage = (): ReactNode => {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const code = params.get('code')?.trim() ?? '';
  return (
    <PublicLayout>
      <Paper withBorder shadow="sm" p="lg" radius="md">
        <Stack gap="md">
          <Title order={3}>{t('auth.recovery.title')}</Title>
          {code ? <MakeReset code={code} /> : <RequestReset />}
          <Anchor component={Link} to="/signin" size="sm">
            {t('auth.backToSignIn')}
          </Anchor>
        </Stack>
      </Paper>
    </PublicLayout>
  );
};
