import { PasswordInput, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../i18n/i18n';
import { type FormErrors, passwordMinLength, type RuleFailure } from './validation';

export interface PasswordFieldsProps {
  readonly password: string;
  readonly confirmPassword: string;
  readonly onChange: (field: 'password' | 'confirmPassword', value: string) => void;
  readonly errors: FormErrors<'password' | 'confirmPassword'>;
  /** Label of the first field (default "Password"; the reset form says "New password"). */
  readonly label?: string;
  /** Test ids `<prefix>-password` and `<prefix>-confirm`. */
  readonly testIdPrefix: string;
}

/**
 * A new password and its confirmation, with the length hint and the rule errors (checkPassword,
 * checkConfirm): the one pair of password fields of sign-up and password reset.
 */
export const PasswordFields = ({
  password,
  confirmPassword,
  onChange,
  errors,
  label,
  testIdPrefix,
}: PasswordFieldsProps): ReactNode => {
  const { t } = useTranslation();
  const message = (f: RuleFailure | undefined) => (f ? errorMessage(t, f) : undefined);
  return (
    <Stack gap="sm">
      <PasswordInput
        label={label ?? t('auth.fields.password')}
        description={t('auth.passwordHint', { min: passwordMinLength })}
        value={password}
        onChange={(e) => onChange('password', e.currentTarget.value)}
        error={message(errors.password)}
        autoComplete="new-password"
        required
        data-testid={`${testIdPrefix}-password`}
      />
      <PasswordInput
        label={t('auth.fields.confirmPassword')}
        value={confirmPassword}
        onChange={(e) => onChange('confirmPassword', e.currentTarget.value)}
        error={message(errors.confirmPassword)}
        autoComplete="new-password"
        required
        data-testid={`${testIdPrefix}-confirm`}
      />
    </Stack>
  );
};
