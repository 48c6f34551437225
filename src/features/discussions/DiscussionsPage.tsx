import { Alert, Badge, Group, Pagination, Paper, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { type ReactNode, useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { errorMessage } from '../../i18n/i18n';
import { formatDateTime } from '../../resources/format';
import { withDiscussion } from './DiscussionDrawer';
import { discussionApi, type MyDiscussions } from './discussionApi';
import { useDiscussionEvents } from './useDiscussionEvents';

const pageSize = 20;

/** The threads the user takes part in, newest activity first; a click opens one over this page. */
export const DiscussionsPage = (): ReactNode => {
  const { t } = useTranslation(['office', 'errors']);
  const [search, setSearch] = useSearchParams();
  const [page, setPage] = useState(1);
  const [data, setData] = useState<MyDiscussions | null>(null);
  const [error, setError] = useState<string | null>(null);

  const load = useCallback(() => {
    discussionApi
      .mine(page, pageSize)
      .then((d) => {
        setData(d);
        setError(null);
      })
      .catch((e: unknown) => setError(errorMessage(t, e)));
  }, [page, t]);
  useEffect(() => load(), [load]);
  useDiscussionEvents(load);

  const pages = Math.max(1, Math.ceil((data?.allFilteredRowCount ?? 0) / pageSize));
  return (
    <Stack gap="md" data-testid="discussions-page">
      <Title order={2}>{t('office:discussions.list')}</Title>
      {error && <Alert color="red">{error}</Alert>}
      {data?.results.length === 0 && <Text c="dimmed">{t('office:discussions.none')}</Text>}
      {data?.results.map((d) => (
        <UnstyledButton
          key={d.discussionId}
          onClick={() => setSearch(withDiscussion(search, d.discussionId))}
          data-testid="discussions-row"
        >
          <Paper withBorder p="sm">
            <Group justify="space-between" wrap="nowrap" gap="xs">
              <Stack gap={0} miw={0}>
                <Text fw={600} lineClamp={1}>
                  {d.topic}
                </Text>
                <Text size="xs" c="dimmed">
                  {t('office:discussions.lastMessage')}: {formatDateTime(d.lastMessageAt ?? d.createdAt)} ·{' '}
                  {t('office:discussions.messages')}: {d.messageCount}
                </Text>
              </Stack>
              {d.unread > 0 && <Badge>{d.unread}</Badge>}
            </Group>
          </Paper>
        </UnstyledButton>
      ))}
      {pages > 1 && <Pagination total={pages} value={page} onChange={setPage} />}
    </Stack>
  );
};
