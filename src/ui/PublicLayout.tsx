import { ActionIcon, Anchor, Box, Container, Group, Title } from '@mantine/core';
import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useUiStore } from '../state/uiStore';
import { AppIcon } from './icons';
import { LanguageMenu } from './LanguageMenu';

export interface PublicLayoutProps {
  readonly children: ReactNode;
  /** Container width; default 'xs' (forms). */
  readonly size?: 'xs' | 'sm' | 'md' | 'lg';
}

/** Frame of the pages outside sign-in: title bar with language and night mode, centred content. */
export const PublicLayout = ({ children, size = 'xs' }: PublicLayoutProps): ReactNode => {
  const { t } = useTranslation();
  const darkMode = useUiStore((s) => s.darkMode);
  const toggleDarkMode = useUiStore((s) => s.toggleDarkMode);
  useEffect(() => {
    document.title = t('app.title');
  }, [t]);
  return (
    <Box mih="100vh">
      <Group justify="space-between" px="md" py="sm" wrap="nowrap">
        <Anchor component={Link} to="/title" underline="never" c="inherit">
          <Title order={4}>{t('app.title')}</Title>
        </Anchor>
        <Group gap={4} wrap="nowrap">
          <LanguageMenu />
          <ActionIcon
            variant="subtle"
            size="lg"
            onClick={toggleDarkMode}
            aria-label={darkMode ? t('shell.lightMode') : t('shell.darkMode')}
            data-testid="darkmode-toggle"
          >
            <AppIcon name={darkMode ? 'sun' : 'moon'} />
          </ActionIcon>
        </Group>
      </Group>
      <Container size={size} py="xl">
        {children}
      </Container>
    </Box>
  );
};
