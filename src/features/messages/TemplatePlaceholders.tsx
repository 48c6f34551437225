import { Code, Group, Stack, Text } from '@mantine/core';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PreviewExtraProps } from '../../resources/extensions';
import { messageApi } from './messageApi';

/** An e-mail template's preview lists the placeholders its kind of record offers. */
export const TemplatePlaceholders = ({ row }: PreviewExtraProps): ReactNode => {
  const { t } = useTranslation('office');
  const [names, setNames] = useState<string[]>([]);
  const type = typeof row.refResourceType === 'string' ? row.refResourceType : '';
  useEffect(() => {
    messageApi
      .placeholders(type)
      .then(setNames)
      .catch(() => setNames([]));
  }, [type]);
  return (
    <Stack gap={4} data-testid="template-placeholders">
      <Text size="sm" fw={500}>
        {t('messages.placeholders')}
      </Text>
      <Group gap={4}>
        {names.map((n) => (
          <Code key={n}>{`{{${n}}}`}</Code>
        ))}
      </Group>
    </Stack>
  );
};
