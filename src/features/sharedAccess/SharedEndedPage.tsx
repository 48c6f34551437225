import { Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PublicLayout } from '../../ui/PublicLayout';

/** The ways a shared link can fail to open, each with its own page. */
export const sharedEnds = [
  'sharedLinkExpired',
  'sharedLinkUsed',
  'sharedLinkWithdrawn',
  'sharedLinkNotFound',
  'tooManyAttempts',
] as const;
export type SharedEnd = (typeof sharedEnds)[number];

export const isSharedEnd = (code: unknown): code is SharedEnd =>
  typeof code === 'string' && (sharedEnds as readonly string[]).includes(code);

/** A link that no longer opens: why, and what the recipient can do about it. */
export const SharedEndedPage = ({ end }: { readonly end: SharedEnd }): ReactNode => {
  const { t } = useTranslation('portal');
  return (
    <PublicLayout size="sm">
      <Stack align="center" gap="md" py="xl" data-testid={`shared-ended-${end}`}>
        <Title order={2} ta="center">
          {t(`shared.ended.${end}.title`)}
        </Title>
        <Text c="dimmed" ta="center">
          {t(`shared.ended.${end}.text`)}
        </Text>
      </Stack>
    </PublicLayout>
  );
};
