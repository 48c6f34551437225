import { Button, Menu, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { languages } from '../../domain/languages';
import { changeLanguage } from '../i18n/i18n';
import { AppIcon } from './icons';

/** The interface language picker (header of the shell and of the public pages). */
export const LanguageMenu = (): ReactNode => {
  const { t, i18n } = useTranslation();
  const current = i18n.language;
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button
          variant="subtle"
          size="compact-sm"
          leftSection={<AppIcon name="language" size={16} />}
          aria-label={t('shell.language')}
          data-testid="language-menu"
        >
          {current.slice(0, 2).toUpperCase()}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{t('shell.language')}</Menu.Label>
        {languages.map((lng) => (
          <Menu.Item
            key={lng}
            onClick={() => void changeLanguage(lng)}
            rightSection={lng === current ? <AppIcon name="check" size={14} /> : null}
            data-testid={`language-${lng}`}
            lang={lng}
          >
            {t(`languages.${lng}`)}
            {lng !== current && (
              <Text span size="xs" c="dimmed" ml={6}>
                {t(`languages.${lng}`, { lng })}
              </Text>
            )}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
};
