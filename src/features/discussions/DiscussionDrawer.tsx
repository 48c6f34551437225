import { Drawer } from '@mantine/core';
import { type ReactNode, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { lazyNamed, PageFallback } from '../../ui/lazyNamed';

// Loaded when a discussion is first opened: the shell of every screen (the terminal's too) stays small.
const DiscussionThread = lazyNamed<'DiscussionThread', { readonly discussionId: string }>(
  () => import('./DiscussionThread'),
  'DiscussionThread',
);

/**
 * The query parameter that opens a discussion over any screen (docs/decisions.md, "Office: discussions,
 * files, messages").
 */
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
      {id && (
        <Suspense fallback={<PageFallback />}>
          <DiscussionThread key={id} discussionId={id} />
        </Suspense>
      )}
    </Drawer>
  );
};
