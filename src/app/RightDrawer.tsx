import { Drawer } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useDrawerStore } from '../state/drawerStore';

/** The right-hand drawer whose content other screens set through useRightDrawer(). */
export const RightDrawer = (): ReactNode => {
  const { t } = useTranslation();
  const opened = useDrawerStore((s) => s.opened);
  const content = useDrawerStore((s) => s.content);
  const options = useDrawerStore((s) => s.options);
  const close = useDrawerStore((s) => s.close);
  return (
    <Drawer
      opened={opened}
      onClose={close}
      position="right"
      size={options.size ?? 'lg'}
      title={options.title}
      closeButtonProps={{ 'aria-label': t('actions.close') }}
      data-testid="right-drawer"
    >
      {content}
    </Drawer>
  );
};
