import {
  Alert,
  Badge,
  Button,
  Checkbox,
  CloseButton,
  Group,
  Modal,
  Paper,
  SegmentedControl,
  Select,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isLanguage, type Language, languages } from '../../../domain/languages';
import type { Recipient, SendMessageInput } from '../../../domain/office/message';
import { currentLanguage, errorMessage } from '../../i18n/i18n';
import { RefSelect } from '../../resources/RefSelect';
import { type AttachedFile, fileApi } from '../files/fileApi';
import { type MessagePreview, messageApi } from './messageApi';
import { PickRecord } from './PickRecord';

type Shown = Recipient & { readonly label: string };

export interface SendMessageDialogProps {
  readonly opened: boolean;
  readonly onClose: () => void;
  /** The record the message is about (its template values, its files). */
  readonly refResourceType?: string;
  readonly refResourceId?: string;
  /** Files ticked at first (a file's own "send by e-mail"). */
  readonly fileIds?: readonly string[];
}

const sameRecipient = (a: Recipient, b: Recipient) =>
  a.type === b.type &&
  (a.type === 'address'
    ? a.address === (b as { address: string }).address
    : a.id === (b as { id: string }).id);

/**
 * Writing a message about a record: e-mail or SMS, to people, companies or typed addresses, from a template
 * (filled from the record in the chosen language) or free text, with the record's files; previewed as the
 * recipient will read it, then sent. The outcome (sent, saved, not sent, failed and why) is said at once.
 */
export const SendMessageDialog = ({
  opened,
  onClose,
  refResourceType,
  refResourceId,
  fileIds = [],
}: SendMessageDialogProps): ReactNode => {
  const { t } = useTranslation(['office', 'resources', 'errors']);
  const [channel, setChannel] = useState<'email' | 'sms'>('email');
  const [recipients, setRecipients] = useState<Shown[]>([]);
  const [address, setAddress] = useState('');
  const [templateId, setTemplateId] = useState<string | null>(null);
  const [subject, setSubject] = useState('');
  const [text, setText] = useState('');
  const [language, setLanguage] = useState<Language>(currentLanguage());
  const [files, setFiles] = useState<AttachedFile[]>([]);
  const [attached, setAttached] = useState<string[]>([...fileIds]);
  const [preview, setPreview] = useState<MessagePreview | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the files are read again each time the dialog opens
  useEffect(() => {
    if (!opened || !refResourceType || !refResourceId) return;
    setAttached([...fileIds]);
    fileApi
      .list(refResourceType, refResourceId)
      .then(setFiles)
      .catch(() => setFiles([]));
  }, [opened, refResourceType, refResourceId]);

  const add = (r: Shown) => {
    setRecipients((list) => (list.some((x) => sameRecipient(x, r)) ? list : [...list, r]));
    setPreview(null);
  };

  const input = (): Partial<SendMessageInput> => ({
    channel,
    recipients: recipients.map(({ label: _label, ...r }) => r),
    ...(templateId ? { templateId } : {}),
    ...(subject.trim() ? { subject: subject.trim() } : {}),
    ...(text.trim() ? { text } : {}),
    ...(refResourceType && refResourceId ? { refResourceType, refResourceId } : {}),
    ...(channel === 'email' && attached.length ? { fileInfoIds: attached } : {}),
    language,
  });

  const run = async (what: 'preview' | 'send') => {
    setBusy(true);
    setError(null);
    try {
      if (what === 'preview') setPreview(await messageApi.preview(input()));
      else {
        const message = await messageApi.send(input());
        const status = String(message.status);
        notifications.show({
          color: status === 'sent' ? 'green' : status === 'saved' ? 'yellow' : 'red',
          message: [t(`resources:message.options.status.${status}`), message.error]
            .filter(Boolean)
            .join(' — '),
        });
        onClose();
      }
    } catch (e) {
      setError(errorMessage(t, e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal opened={opened} onClose={onClose} title={t('office:messages.compose')} size="lg">
      {/* The modal's root has no box of its own: the test id goes on what it shows. */}
      <Stack gap="sm" data-testid="message-dialog">
        <SegmentedControl
          value={channel}
          onChange={(v) => {
            setChannel(v === 'sms' ? 'sms' : 'email');
            setPreview(null);
          }}
          data={[
            { value: 'email', label: t('resources:message.options.channel.email') },
            { value: 'sms', label: t('resources:message.options.channel.sms') },
          ]}
          data-testid="message-channel"
        />
        <Stack gap={4}>
          <Text size="sm" fw={500}>
            {t('resources:message.fields.recipients')}
          </Text>
          <Group gap={4} data-testid="message-recipients">
            {recipients.map((r) => (
              <Badge
                key={`${r.type}:${r.type === 'address' ? r.address : r.id}`}
                variant="light"
                rightSection={
                  <CloseButton
                    size="xs"
                    aria-label={t('office:messages.removeRecipient')}
                    onClick={() => setRecipients((list) => list.filter((x) => !sameRecipient(x, r)))}
                  />
                }
              >
                {r.label}
              </Badge>
            ))}
          </Group>
          <Group grow gap="xs" align="flex-end">
            <PickRecord
              refName="person"
              placeholder={t('office:messages.addPerson')}
              testId="message-add-person"
              onPick={(option) => add({ type: 'person', id: option.id, label: option.title })}
            />
            <PickRecord
              refName="company"
              placeholder={t('office:messages.addCompany')}
              testId="message-add-company"
              onPick={(option) => add({ type: 'company', id: option.id, label: option.title })}
            />
          </Group>
          <Group gap="xs" align="flex-end" wrap="nowrap">
            <TextInput
              style={{ flex: 1 }}
              value={address}
              onChange={(e) => setAddress(e.currentTarget.value)}
              placeholder={
                channel === 'email' ? t('office:messages.typeEmail') : t('office:messages.typePhone')
              }
              aria-label={t('office:messages.typeAddress')}
              data-testid="message-address"
            />
            <Button
              variant="default"
              disabled={!address.trim()}
              onClick={() => {
                add({ type: 'address', address: address.trim(), label: address.trim() });
                setAddress('');
              }}
              data-testid="message-address-add"
            >
              {t('office:messages.add')}
            </Button>
          </Group>
        </Stack>
        {channel === 'email' && (
          <RefSelect
            refName="emailTemplate"
            value={templateId}
            onChange={(v) => {
              setTemplateId(v);
              setPreview(null);
            }}
            label={t('resources:message.fields.templateId')}
            placeholder={t('office:messages.noTemplate')}
            data-testid="message-template"
          />
        )}
        {channel === 'email' && (
          <TextInput
            label={t('resources:message.fields.subject')}
            description={templateId ? t('office:messages.fromTemplate') : undefined}
            value={subject}
            onChange={(e) => setSubject(e.currentTarget.value)}
            data-testid="message-subject"
          />
        )}
        <Textarea
          label={t('resources:message.fields.text')}
          description={templateId ? t('office:messages.fromTemplate') : undefined}
          value={text}
          onChange={(e) => setText(e.currentTarget.value)}
          autosize
          minRows={3}
          maxRows={10}
          data-testid="message-text"
        />
        <Select
          label={t('office:messages.language')}
          data={languages.map((l) => ({
            value: l,
            label: t(`resources:emailTemplate.options.language.${l}`),
          }))}
          value={language}
          onChange={(v) => isLanguage(v) && setLanguage(v)}
          allowDeselect={false}
          data-testid="message-language"
        />
        {channel === 'email' && files.length > 0 && (
          <Stack gap={4}>
            <Text size="sm" fw={500}>
              {t('resources:message.fields.attachments')}
            </Text>
            {files.map((f) => (
              <Checkbox
                key={f.id}
                label={f.fileName}
                checked={attached.includes(f.id)}
                onChange={(e) =>
                  setAttached((list) =>
                    e.currentTarget.checked ? [...list, f.id] : list.filter((x) => x !== f.id),
                  )
                }
                data-testid="message-attachment"
              />
            ))}
          </Stack>
        )}
        {error && (
          <Alert color="red" data-testid="message-error">
            {error}
          </Alert>
        )}
        {preview && (
          <Paper withBorder p="sm" data-testid="message-preview">
            <Stack gap={4}>
              <Text size="xs" c="dimmed">
                {preview.recipients.join(', ')}
              </Text>
              {preview.missing.length > 0 && (
                <Text size="xs" c="red">
                  {t('office:messages.missing', { names: preview.missing.join(', ') })}
                </Text>
              )}
              {channel === 'email' && (
                <Text fw={600} data-testid="message-preview-subject">
                  {preview.subject}
                </Text>
              )}
              <Text size="sm" style={{ whiteSpace: 'pre-wrap' }} data-testid="message-preview-text">
                {preview.text}
              </Text>
            </Stack>
          </Paper>
        )}
        <Group justify="flex-end" gap="xs">
          <Button
            variant="default"
            onClick={() => void run('preview')}
            loading={busy}
            data-testid="message-preview-button"
          >
            {t('office:messages.preview')}
          </Button>
          <Button
            onClick={() => void run('send')}
            loading={busy}
            disabled={!recipients.length}
            data-testid="message-send"
          >
            {t('office:messages.send')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
};
