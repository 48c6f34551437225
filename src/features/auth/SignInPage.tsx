import {
  Alert,
  Anchor,
  Button,
  Checkbox,
  Group,
  Paper,
  PasswordInput,
  Stack,
  Tabs,
  TextInput,
} from '@mantine/core';
import { type ChangeEvent, type FormEvent, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import type { ErrorCode } from '../../../domain/errors';
import { api } from '../../api/http';
import { currentLanguage, errorMessage } from '../../i18n/i18n';
import { postSignInPath, signIn } from '../../session/session';
import { useAuthStore } from '../../state/authStore';
import { PublicLayout } from '../../ui/PublicLayout';
import { GoogleSignIn } from './GoogleSignIn';
import { PasswordFields } from './PasswordFields';
import {
  checkConfirm,
  checkEmail,
  checkOptionalPhone,
  checkPassword,
  checkRequired,
  type FormErrors,
  failures,
  type RuleFailure,
  splitFailure,
} from './validation';

type SignInField = 'username' | 'password';
const signInFields: readonly SignInField[] = ['username', 'password'];

interface SignUpValues {
  companyName: string;
  username: string;
  visibleName: string;
  email: string;
  phoneNumber: string;
  password: string;
  confirmPassword: string;
  acceptTerms: boolean;
}
type SignUpField = keyof SignUpValues;
const signUpFields: readonly SignUpField[] = [
  'companyName',
  'username',
  'visibleName',
  'email',
  'phoneNumber',
  'password',
  'confirmPassword',
  'acceptTerms',
];
const emptySignUp: SignUpValues = {
  companyName: '',
  username: '',
  visibleName: '',
  email: '',
  phoneNumber: '',
  password: '',
  confirmPassword: '',
  acceptTerms: false,
};
/** Errors the server may send without `fields`, and the field they belong to. */
const fieldOfCode: Partial<Record<ErrorCode, SignUpField>> = {
  usernameExist: 'username',
  emailExist: 'email',
  termsNotAccepted: 'acceptTerms',
  sameAsPassword: 'confirmPassword',
  phoneCountryCode: 'phoneNumber',
};

interface LocationState {
  /** Set after a successful registration: the new user name. */
  readonly registered?: string;
}

const SignInForm = ({ initialUsername }: { readonly initialUsername?: string }): ReactNode => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [username, setUsername] = useState(initialUsername ?? '');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<FormErrors<SignInField>>({});
  const [failure, setFailure] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const message = (f: RuleFailure | undefined) => (f ? errorMessage(t, f) : undefined);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = failures({ username: checkRequired(username), password: checkRequired(password) });
    setErrors(found);
    setFailure(null);
    if (Object.keys(found).length) return;
    setBusy(true);
    try {
      await signIn(username.trim(), password);
      navigate(postSignInPath(), { replace: true });
    } catch (error) {
      const split = splitFailure(error, signInFields);
      setErrors(split.errors);
      setFailure(split.alert);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        {failure !== null && (
          <Alert color="red" role="alert" data-testid="signin-error">
            {errorMessage(t, failure)}
          </Alert>
        )}
        <TextInput
          label={t('auth.fields.username')}
          value={username}
          onChange={(e) => {
            setUsername(e.currentTarget.value);
            setErrors((s) => ({ ...s, username: undefined }));
          }}
          error={message(errors.username)}
          autoComplete="username"
          required
          data-testid="signin-username"
        />
        <PasswordInput
          label={t('auth.fields.password')}
          value={password}
          onChange={(e) => {
            setPassword(e.currentTarget.value);
            setErrors((s) => ({ ...s, password: undefined }));
          }}
          error={message(errors.password)}
          autoComplete="current-password"
          required
          data-testid="signin-password"
        />
        <Group justify="space-between" mt="xs">
          <Anchor component={Link} to="/recovery" size="sm" data-testid="recovery-link">
            {t('auth.signIn.forgotPassword')}
          </Anchor>
          <Button type="submit" loading={busy} data-testid="signin-submit">
            {t('auth.signIn.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
};

const SignUpForm = ({ onRegistered }: { readonly onRegistered: (username: string) => void }): ReactNode => {
  const { t } = useTranslation();
  const [values, setValues] = useState<SignUpValues>(emptySignUp);
  const [errors, setErrors] = useState<FormErrors<SignUpField>>({});
  const [failure, setFailure] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const message = (f: RuleFailure | undefined) => (f ? errorMessage(t, f) : undefined);
  const set = <K extends SignUpField>(field: K, value: SignUpValues[K]) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((s) => ({ ...s, [field]: undefined }));
  };
  const text = (field: Exclude<SignUpField, 'acceptTerms'>) => ({
    value: values[field],
    onChange: (e: ChangeEvent<HTMLInputElement>) => set(field, e.currentTarget.value),
    error: message(errors[field]),
  });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const v = values;
    const found = failures<SignUpField>({
      companyName: checkRequired(v.companyName),
      username: checkRequired(v.username),
      visibleName: undefined,
      email: checkEmail(v.email),
      phoneNumber: checkOptionalPhone(v.phoneNumber),
      password: checkPassword(v.password),
      confirmPassword: checkConfirm(v.password, v.confirmPassword),
      acceptTerms: v.acceptTerms ? undefined : { rule: 'termsNotAccepted' },
    });
    setErrors(found);
    setFailure(null);
    if (Object.keys(found).length) return;
    setBusy(true);
    try {
      await api.post('/api/Register', {
        companyName: v.companyName.trim(),
        username: v.username.trim(),
        visibleName: v.visibleName.trim() || undefined,
        email: v.email.trim(),
        phoneNumber: v.phoneNumber.trim() || undefined,
        password: v.password,
        confirmPassword: v.confirmPassword,
        acceptTerms: v.acceptTerms,
        language: currentLanguage(),
      });
      setValues(emptySignUp);
      onRegistered(v.username.trim());
    } catch (error) {
      const split = splitFailure(error, signUpFields, fieldOfCode);
      setErrors(split.errors);
      setFailure(split.alert);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        {failure !== null && (
          <Alert color="red" role="alert" data-testid="signup-error">
            {errorMessage(t, failure)}
          </Alert>
        )}
        <TextInput
          label={t('auth.fields.companyName')}
          {...text('companyName')}
          autoComplete="organization"
          required
          data-testid="signup-company"
        />
        <TextInput
          label={t('auth.fields.username')}
          {...text('username')}
          autoComplete="username"
          required
          data-testid="signup-username"
        />
        <TextInput
          label={t('auth.fields.visibleName')}
          {...text('visibleName')}
          autoComplete="name"
          data-testid="signup-visible-name"
        />
        <TextInput
          label={t('auth.fields.email')}
          type="email"
          {...text('email')}
          autoComplete="email"
          required
          data-testid="signup-email"
        />
        <TextInput
          label={t('auth.fields.phoneNumber')}
          description={t('auth.signUp.phoneHint')}
          placeholder={t('auth.signUp.phonePlaceholder')}
          type="tel"
          {...text('phoneNumber')}
          autoComplete="tel"
          data-testid="signup-phone"
        />
        <PasswordFields
          password={values.password}
          confirmPassword={values.confirmPassword}
          onChange={set}
          errors={errors}
          testIdPrefix="signup"
        />
        <Checkbox
          label={t('auth.signUp.acceptTerms')}
          checked={values.acceptTerms}
          onChange={(e) => set('acceptTerms', e.currentTarget.checked)}
          error={message(errors.acceptTerms)}
          data-testid="signup-terms"
        />
        <Button type="submit" loading={busy} mt="xs" data-testid="signup-submit">
          {t('auth.signUp.submit')}
        </Button>
      </Stack>
    </form>
  );
};

/** The combined sign-in / sign-up screen (/signin and /signup select the tab). */
export const SignInPage = (): ReactNode => {
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const reason = useAuthStore((s) => s.signOutReason);
  const tab = location.pathname.toLowerCase().startsWith('/signup') ? 'signup' : 'signin';
  const registered = (location.state as LocationState | null)?.registered;

  return (
    <PublicLayout>
      <Paper withBorder shadow="sm" p="lg" radius="md">
        <Stack gap="md">
          {registered !== undefined && (
            <Alert
              color="green"
              role="status"
              title={t('auth.signUp.successTitle')}
              data-testid="signup-success"
            >
              {t('auth.signUp.success')}
            </Alert>
          )}
          {reason === 'expired' && tab === 'signin' && (
            <Alert color="yellow" role="status" data-testid="session-expired">
              {errorMessage(t, 'sessionExpired')}
            </Alert>
          )}
          <Tabs
            value={tab}
            onChange={(value) => {
              if (value && value !== tab)
                navigate({ pathname: `/${value}`, search: location.search }, { replace: true });
            }}
          >
            <Tabs.List grow>
              <Tabs.Tab value="signin" data-testid="signin-tab">
                {t('auth.signIn.tab')}
              </Tabs.Tab>
              <Tabs.Tab value="signup" data-testid="signup-tab">
                {t('auth.signUp.tab')}
              </Tabs.Tab>
            </Tabs.List>
            <Tabs.Panel value="signin" pt="md">
              <Stack gap="md">
                <SignInForm key={registered ?? ''} initialUsername={registered} />
                <GoogleSignIn />
              </Stack>
            </Tabs.Panel>
            <Tabs.Panel value="signup" pt="md">
              <SignUpForm
                onRegistered={(username) =>
                  navigate('/signin', { replace: true, state: { registered: username } })
                }
              />
            </Tabs.Panel>
          </Tabs>
        </Stack>
      </Paper>
    </PublicLayout>
  );
};
