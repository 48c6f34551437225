import { Drawer } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { DiscussionThread } from './DiscussionThread';

/** The query parameter that opens a discussion over any screen (000 §2). */
export const discussionParam = 'discussionId';

/** The same address with the discussion open (or closed, for null). */
export const withDiscussion = (search: URLSearchParams, discussionId: string | null): URLSearchParams => {
  const next = new URLSearchParams(search);
  if (discussionId) next.set(discussionParam, discussionId);
  else next.delete(discussionParam);
  return next;
};

/** Shows the discussion named by `?discussionId=` over whatever screen is open; closing removes the parameter. */
export const DiscussionDrawer = (): ReactNode => {
  const { t } = useTranslation('office');
  const [search, setSearch] = useSearchParams();
  const id = search.get(discussionParam);
  return (
    <Drawer
      opened={id !== null && id !== ''}
      onClose={() => setSearch(withDiscussion(search, null))}
      position="right"
      size="md"
      title={t('discussions.title')}
      closeButtonProps={{ 'aria-label': t('discussions.close') }}
      data-testid="discussion-drawer"
    >
      {id && <DiscussionThread key={id} discussionId={id} />}
    </Drawer>
  );
};
