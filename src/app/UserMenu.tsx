import { Button, Menu } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { signOut } from '../session/session';
import { useAuthStore } from '../state/authStore';
import { AppIcon } from '../ui/icons';
import { useMenuSections } from './menu/useMenuSections';

/** The signed-in user's name with the account actions and sign-out. */
export const UserMenu = (): ReactNode => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const user = useAuthStore((s) => s.user);
  const claims = useAuthStore((s) => s.claims);
  const sections = useMenuSections();
  const name = user?.visibleName || user?.username || claims?.name || '';
  const canSeeAccount = sections.some((s) => s.items.some((i) => i.key === 'clientAccount'));
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button
          variant="subtle"
          size="compact-sm"
          leftSection={<AppIcon name="user" size={16} />}
          aria-label={t('shell.userMenu')}
          data-testid="user-menu"
        >
          {name}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {user?.email ? <Menu.Label>{user.email}</Menu.Label> : null}
        {canSeeAccount && (
          <Menu.Item component={Link} to="/client-account" leftSection={<AppIcon name="account" size={14} />}>
            {t('menu.items.clientAccount')}
          </Menu.Item>
        )}
        <Menu.Item
          color="red"
          leftSection={<AppIcon name="signOut" size={14} />}
          onClick={() => {
            signOut();
            navigate('/signin', { replace: true });
          }}
          data-testid="signout"
        >
          {t('shell.signOut')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
};
