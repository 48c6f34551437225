import {
  Alert,
  Button,
  Card,
  Checkbox,
  CopyButton,
  Group,
  SegmentedControl,
  Select,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { FieldError } from '../../../domain/errors';
import {
  type SharedContentType,
  sharedContentTypes,
  sharedDurations,
} from '../../../domain/sharedAccess/sharedLinks';
import { errorMessage } from '../../i18n/i18n';
import { fieldErrorsOf } from '../../resources/apiErrors';
import { RefSelect } from '../../resources/RefSelect';
import { type CreatedLink, sharedAccessApi } from './sharedAccessApi';

const durationValues = sharedDurations.map((d) => (d === null ? 'unlimited' : String(d)));

/** The made link: its address or token to copy (shown this once), and where it was sent. */
const Created = ({ created }: { readonly created: CreatedLink }): ReactNode => {
  const { t } = useTranslation('portal');
  const secret = created.link ?? created.apiToken ?? '';
  return (
    <Card withBorder radius="md" padding="md" data-testid="shared-created">
      <Stack gap="sm">
        <Text fw={700}>{created.link ? t('sharedAccess.createdLink') : t('sharedAccess.createdToken')}</Text>
        <Text size="sm" c="dimmed">
          {t('sharedAccess.onlyOnce')}
        </Text>
        <TextInput
          readOnly
          value={secret}
          data-testid="shared-created-secret"
          aria-label={t('sharedAccess.secret')}
        />
        <Group>
          <CopyButton value={secret}>
            {({ copied, copy }) => (
              <Button variant="light" onClick={copy} data-testid="shared-created-copy">
                {copied ? t('sharedAccess.copied') : t('sharedAccess.copy')}
              </Button>
            )}
          </CopyButton>
          <Button
            component={Link}
            to={`/shared-access/${created.id}`}
            variant="default"
            data-testid="shared-created-open"
          >
            {t('sharedAccess.openRecord')}
          </Button>
        </Group>
        {created.mailedTo && (
          <Text size="sm" data-testid="shared-created-mailed">
            {t('sharedAccess.mailed', { email: created.mailedTo })}
          </Text>
        )}
      </Stack>
    </Card>
  );
};

/** /shared-access/new: a link to one contractor's stock for a contractor company or a contact person. */
export const SharedAccessNewPage = (): ReactNode => {
  const { t } = useTranslation(['portal', 'resources', 'errors']);
  const [contentType, setContentType] = useState<SharedContentType>('inventory');
  const [recipientKind, setRecipientKind] = useState<'company' | 'person'>('company');
  const [recipient, setRecipient] = useState<string | null>(null);
  const [contractor, setContractor] = useState<string | null>(null);
  const [duration, setDuration] = useState('1440');
  const [singleUse, setSingleUse] = useState(false);
  const [email, setEmail] = useState('');
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<FieldError[]>([]);
  const [failure, setFailure] = useState<string | null>(null);
  const [created, setCreated] = useState<CreatedLink | null>(null);
  const fieldError = (...fields: string[]) => {
    const e = errors.find((f) => fields.includes(f.field));
    return e ? t(`errors:${e.rule}`, { ...e.params }) : undefined;
  };
  const label = (field: string) => t(`resources:sharedAccess.fields.${field}`);

  const submit = async () => {
    setBusy(true);
    setErrors([]);
    setFailure(null);
    try {
      setCreated(
        await sharedAccessApi.create({
          contentType,
          ...(recipientKind === 'company'
            ? { recipientContractorId: recipient }
            : { recipientPersonId: recipient, contractorId: contractor }),
          durationMinutes: duration,
          singleUse,
          email: email.trim() || null,
        }),
      );
    } catch (error) {
      const fields = fieldErrorsOf(error);
      setErrors(fields);
      setFailure(fields.length ? null : errorMessage(t, error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack gap="md" maw={640} data-testid="shared-access-new">
      <Title order={2}>{t('sharedAccess.newTitle')}</Title>
      {created ? (
        <Created created={created} />
      ) : (
        <Card withBorder radius="md" padding="md">
          <Stack gap="sm">
            <Text size="sm" fw={500}>
              {label('contentType')}
            </Text>
            <SegmentedControl
              value={contentType}
              onChange={(v) => setContentType(v as SharedContentType)}
              data={sharedContentTypes.map((c) => ({
                value: c,
                label: t(`resources:sharedAccess.options.contentType.${c}`),
              }))}
              data-testid="shared-new-type"
              fullWidth
            />
            <SegmentedControl
              value={recipientKind}
              onChange={(v) => {
                setRecipientKind(v as 'company' | 'person');
                setRecipient(null);
              }}
              data={[
                { value: 'company', label: label('recipientContractorId') },
                { value: 'person', label: label('recipientPersonId') },
              ]}
              data-testid="shared-new-recipient-kind"
              fullWidth
            />
            <RefSelect
              key={recipientKind}
              refName={recipientKind === 'company' ? 'company' : 'person'}
              value={recipient}
              onChange={setRecipient}
              label={label(recipientKind === 'company' ? 'recipientContractorId' : 'recipientPersonId')}
              error={fieldError('recipientContractorId', 'recipientPersonId')}
              required
              data-testid="shared-new-recipient"
            />
            {recipientKind === 'person' && (
              <RefSelect
                refName="company"
                value={contractor}
                onChange={setContractor}
                label={label('contractorId')}
                error={fieldError('contractorId')}
                data-testid="shared-new-contractor"
              />
            )}
            {recipientKind === 'company' && fieldError('contractorId') && (
              <Text size="sm" c="red">
                {fieldError('contractorId')}
              </Text>
            )}
            <Select
              label={label('durationMinutes')}
              value={duration}
              onChange={(v) => setDuration(v ?? '1440')}
              data={durationValues.map((d) => ({
                value: d,
                label: t(`resources:sharedAccess.options.durationMinutes.${d}`),
              }))}
              allowDeselect={false}
              error={fieldError('durationMinutes')}
              data-testid="shared-new-duration"
            />
            <Checkbox
              label={label('singleUse')}
              description={t('sharedAccess.singleUseHint')}
              checked={singleUse}
              onChange={(e) => setSingleUse(e.currentTarget.checked)}
              data-testid="shared-new-single-use"
            />
            <TextInput
              type="email"
              label={t('sharedAccess.sendTo')}
              description={t('sharedAccess.sendToHint')}
              value={email}
              onChange={(e) => setEmail(e.currentTarget.value)}
              error={fieldError('email')}
              data-testid="shared-new-email"
            />
            {failure && <Alert color="red">{failure}</Alert>}
            <Group justify="flex-end">
              <Button component={Link} to="/shared-access" variant="default">
                {t('sharedAccess.cancel')}
              </Button>
              <Button onClick={submit} loading={busy} data-testid="shared-new-create">
                {t('sharedAccess.create')}
              </Button>
            </Group>
          </Stack>
        </Card>
      )}
    </Stack>
  );
};
