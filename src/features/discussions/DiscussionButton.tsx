import { Button } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { errorMessage } from '../../i18n/i18n';
import { OfficeIcon } from '../office/OfficeIcon';
import { withDiscussion } from './DiscussionDrawer';
import { discussionApi } from './discussionApi';

/** Opens the record's own discussion (made on first use) over the current screen. */
export const DiscussionButton = ({
  resourceType,
  id,
}: {
  readonly resourceType: string;
  readonly id: string;
}): ReactNode => {
  const { t } = useTranslation(['office', 'errors']);
  const [search, setSearch] = useSearchParams();
  const [busy, setBusy] = useState(false);
  const open = async () => {
    setBusy(true);
    try {
      const thread = await discussionApi.openForRecord(resourceType, id);
      setSearch(withDiscussion(search, thread.discussionId));
    } catch (e) {
      notifications.show({ color: 'red', message: errorMessage(t, e) });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      variant="default"
      leftSection={<OfficeIcon name="chat" />}
      loading={busy}
      onClick={() => void open()}
      data-testid="record-discussion"
    >
      {t('office:discussions.open')}
    </Button>
  );
};
