import { ActionIcon, Indicator, Menu, Text, Tooltip } from '@mantine/core';
import { type ReactNode, useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { DiscussionView } from '../../../domain/office/discussion';
import { OfficeIcon } from '../office/OfficeIcon';
import { withDiscussion } from './DiscussionDrawer';
import { discussionApi } from './discussionApi';
import { useDiscussionEvents } from './useDiscussionEvents';

/** The header's discussions button: how many messages wait unread, and the threads they are in. */
export const UnreadDiscussions = (): ReactNode => {
  const { t } = useTranslation('office');
  const [search, setSearch] = useSearchParams();
  const [total, setTotal] = useState(0);
  const [threads, setThreads] = useState<DiscussionView[]>([]);

  const refresh = useCallback(() => {
    discussionApi
      .unread()
      .then((r) => {
        setTotal(r.total);
        setThreads(r.results);
      })
      .catch(() => undefined);
  }, []);

  useEffect(() => refresh(), [refresh]);
  useDiscussionEvents(refresh);

  const label = t('discussions.unread', { count: total });
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Tooltip label={label} withinPortal>
          <Indicator
            label={total > 99 ? '99+' : String(total)}
            size={16}
            disabled={total === 0}
            offset={4}
            data-testid="discussions-unread"
            data-count={total}
          >
            <ActionIcon variant="subtle" size="lg" aria-label={label}>
              <OfficeIcon name="chat" size={20} />
            </ActionIcon>
          </Indicator>
        </Tooltip>
      </Menu.Target>
      <Menu.Dropdown maw={320}>
        {threads.length === 0 && (
          <Text size="sm" c="dimmed" p="xs">
            {t('discussions.noUnread')}
          </Text>
        )}
        {threads.map((d) => (
          <Menu.Item
            key={d.discussionId}
            onClick={() => setSearch(withDiscussion(search, d.discussionId))}
            rightSection={<Text size="xs">{d.unread}</Text>}
            data-testid="discussions-unread-item"
          >
            <Text size="sm" lineClamp={1}>
              {d.topic}
            </Text>
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
};
