import { AppError, type FieldError } from '../../domain/errors';
import { userResource } from '../../domain/resources/definitions/user';
import { validateRecord } from '../../domain/resources/schema';
import { defineResource } from '../../domain/resources/types';

type Input = Record<string, unknown>;

const asInput = (body: unknown): Input =>
  typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as Input) : {};

const userFields = userResource.fields;
const passwordMin = userFields.password.minLength;
const passwordMax = userFields.password.maxLength;

/** The sign-up form's fields, with the same rules as the user record. */
const registrationForm = defineResource({
  name: 'registration',
  path: 'Register',
  route: 'signup',
  section: 'other',
  titleField: 'username',
  read: 'none',
  write: 'none',
  fields: {
    companyName: { kind: 'string', required: true, maxLength: 200 },
    username: userFields.username,
    email: userFields.email,
    visibleName: userFields.visibleName,
    phoneNumber: userFields.phoneNumber,
    language: { kind: 'string', maxLength: 35 },
  },
});

/** Passwords are taken as typed (never trimmed); the confirmation must repeat them. */
const passwordErrors = (input: Input): FieldError[] => {
  const errors: FieldError[] = [];
  const password = input.password;
  if (typeof password !== 'string' || password.trim() === '')
    errors.push({ field: 'password', rule: 'required' });
  else if (password.length < passwordMin)
    errors.push({ field: 'password', rule: 'minLength', params: { min: passwordMin } });
  else if (password.length > passwordMax)
    errors.push({ field: 'password', rule: 'maxLength', params: { max: passwordMax } });
  const confirm = input.confirmPassword;
  if (typeof confirm !== 'string' || confirm === '')
    errors.push({ field: 'confirmPassword', rule: 'required' });
  else if (confirm !== password) errors.push({ field: 'confirmPassword', rule: 'sameAsPassword' });
  return errors;
};

const fail = (errors: FieldError[]): never => {
  throw new AppError('formHasErrors', { fields: errors });
};

export interface SignInForm {
  /** Lower case, as user names are stored. */
  readonly username: string;
  readonly password: string;
}

export interface RegistrationForm {
  readonly companyName: string;
  readonly username: string;
  readonly email: string;
  readonly password: string;
  readonly visibleName: string | null;
  readonly phoneNumber: string | null;
  readonly language: string | null;
}

export interface ResetForm {
  readonly password: string;
}

const str = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);

/** Validation of the sign-in, sign-up and password-reset forms; failures are formHasErrors with rule codes. */
export const authForms = {
  signIn(body: unknown): SignInForm {
    const input = asInput(body);
    const username = typeof input.username === 'string' ? input.username.trim().toLowerCase() : '';
    const password = typeof input.password === 'string' ? input.password : '';
    const errors: FieldError[] = [];
    if (!username) errors.push({ field: 'username', rule: 'required' });
    if (!password) errors.push({ field: 'password', rule: 'required' });
    if (errors.length) fail(errors);
    return { username: username.slice(0, 256), password };
  },

  registration(body: unknown): RegistrationForm {
    const input = asInput(body);
    const { value, errors } = validateRecord(registrationForm, input);
    errors.push(...passwordErrors(input));
    if (input.acceptTerms !== true) errors.push({ field: 'acceptTerms', rule: 'termsNotAccepted' });
    if (errors.length) fail(errors);
    return {
      companyName: String(value.companyName),
      username: String(value.username),
      email: String(value.email),
      password: String(input.password),
      visibleName: str(value.visibleName),
      phoneNumber: str(value.phoneNumber),
      language: str(value.language),
    };
  },

  reset(body: unknown): ResetForm {
    const input = asInput(body);
    const errors = passwordErrors(input);
    if (errors.length) fail(errors);
    return { password: String(input.password) };
  },
};
