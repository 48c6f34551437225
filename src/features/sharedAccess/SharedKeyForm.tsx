import { Button, Stack, Text, TextInput, Title } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PublicLayout } from '../../ui/PublicLayout';

/** The key of a pasted link (or the key itself). */
const keyOf = (text: string): string => {
  const trimmed = text.trim();
  try {
    return new URL(trimmed).searchParams.get('key') ?? trimmed;
  } catch {
    return trimmed;
  }
};

/** /shared without a key: paste the link (or its key) received from the warehouse. */
export const SharedKeyForm = (): ReactNode => {
  const { t } = useTranslation('portal');
  const navigate = useNavigate();
  const [value, setValue] = useState('');
  return (
    <PublicLayout size="sm">
      <Stack gap="md" py="xl" data-testid="shared-key-form">
        <Title order={2}>{t('shared.page.title')}</Title>
        <Text c="dimmed">{t('shared.page.paste')}</Text>
        <TextInput
          value={value}
          onChange={(e) => setValue(e.currentTarget.value)}
          aria-label={t('shared.page.keyLabel')}
          placeholder={t('shared.page.keyLabel')}
          data-testid="shared-key"
        />
        <Button
          disabled={!keyOf(value)}
          onClick={() => navigate(`/shared?key=${encodeURIComponent(keyOf(value))}`)}
          data-testid="shared-key-open"
        >
          {t('shared.page.open')}
        </Button>
      </Stack>
    </PublicLayout>
  );
};
