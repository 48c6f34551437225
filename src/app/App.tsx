import { Badge, Button, createTheme, Drawer, type MantineColor, MantineProvider, Modal } from '@mantine/core';
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
        // Labels wrap instead of being cut: a button grows to two lines, a badge keeps its width, in any language
        // and on a 360 px screen (e2e/terminalLabels.spec.ts).
        Button: Button.extend({
          styles: {
            root: { height: 'auto', minHeight: 'var(--button-height)', paddingBlock: 4 },
            label: { whiteSpace: 'normal', textAlign: 'center', overflow: 'visible', lineHeight: 1.2 },
          },
        }),
        Badge: Badge.extend({ styles: { root: { flexShrink: 0, maxWidth: 'none' } } }),
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
