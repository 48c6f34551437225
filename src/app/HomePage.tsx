import { Anchor, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { hasAccess, isContractor } from '../../domain/auth/claims';
import { Dashboard } from '../features/dashboard/Dashboard';
import { FavoriteShortcuts } from '../features/favorites/FavoriteShortcuts';
import { useAuthStore } from '../state/authStore';
import { AppIcon, sectionIcon } from '../ui/icons';
import { menuLabel } from './menu/appMenu';
import { useMenuSections } from './menu/useMenuSections';

/** Home page: the user's favorites as shortcuts, the supervisor's dashboard (staff with desktop screens), then the
 * menu sections as cards. */
export const HomePage = (): ReactNode => {
  const { t } = useTranslation();
  const sections = useMenuSections().filter((s) => s.key !== 'home');
  const user = useAuthStore((s) => s.user);
  const claims = useAuthStore((s) => s.claims);
  const name = user?.visibleName || user?.username || claims?.name || '';
  return (
    <Stack gap="lg" data-testid="home-page">
      <div>
        <Title order={2}>{name ? t('home.welcomeName', { name }) : t('home.welcome')}</Title>
        <Text c="dimmed">{t('home.intro')}</Text>
      </div>
      <FavoriteShortcuts />
      {claims && !isContractor(claims) && (hasAccess(claims, 'logistics') || hasAccess(claims, 'power')) ? (
        <Dashboard />
      ) : null}
      {sections.length === 0 ? (
        <Text>{t('home.empty')}</Text>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
          {sections.map((s) => (
            <Card key={s.key} withBorder padding="md" radius="md" data-testid={`home-section-${s.key}`}>
              <Group gap="xs" mb="xs" wrap="nowrap">
                <AppIcon name={sectionIcon(s.key)} size={20} />
                <Text fw={600}>{t(`menu.sections.${s.key}`)}</Text>
              </Group>
              <Stack gap={4}>
                {s.items.map((item) => (
                  <Anchor
                    key={item.key}
                    component={Link}
                    to={item.link}
                    data-testid={`home-item-${item.key}`}
                  >
                    {t(menuLabel(item))}
                  </Anchor>
                ))}
              </Stack>
            </Card>
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
};
