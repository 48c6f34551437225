import { createTheme, Drawer, type MantineColor, MantineProvider, Modal } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { type ReactNode, useMemo } from 'react';
import { RouterProvider } from 'react-router/dom';
import { useStartupStore } from '../state/startupStore';
import { useUiStore } from '../state/uiStore';
import { router } from './routes';

const primaryColors: readonly MantineColor[] = ['blue', 'teal', 'green', 'orange', 'red', 'violet', 'grape'];

/** Providers (Mantine with the account's theme and the night mode) and the router. */
export const App = (): ReactNode => {
  const darkMode = useUiStore((s) => s.darkMode);
  const accountTheme = useStartupStore((s) => s.config?.clientAccount?.theme);
  const animations = useStartupStore((s) => s.config?.clientAccount?.windowAnimations);
  const theme = useMemo(() => {
    const primaryColor = primaryColors.find((c) => c === accountTheme) ?? 'blue';
    const still = animations === false ? { transitionProps: { duration: 0 } } : {};
    return createTheme({
      primaryColor,
      components: {
        Drawer: Drawer.extend({ defaultProps: still }),
        Modal: Modal.extend({ defaultProps: still }),
      },
    });
  }, [accountTheme, animations]);
  return (
    <MantineProvider theme={theme} forceColorScheme={darkMode ? 'dark' : 'light'}>
      <Notifications position="top-right" />
      <RouterProvider router={router} />
    </MantineProvider>
  );
};
