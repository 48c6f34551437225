import { createTheme, type MantineColor, MantineProvider } from '@mantine/core';
import { useNotifications } from '@mantine/notifications';
import { type ReactNode, Suspense, useMemo } from 'react';
import { RouterProvider } from 'react-router/dom';
import { useStartupStore } from '../state/startupStore';
import { useUiStore } from '../state/uiStore';
import { lazyNamed } from '../ui/lazyNamed';
import { OptionalPart } from '../ui/OptionalPart';
import { router } from './routes';
import { useFirstScreenShown } from './useFirstScreenShown';

// The notifications' container (transitions, portal) loads after the first screen, or at once when a notice is
// shown earlier: notices raised meanwhile wait in the store and show when it mounts.
const NoticesContainer = lazyNamed(() => import('./NoticesContainer'), 'NoticesContainer');

const NoticesWhenNeeded = (): ReactNode => {
  const shown = useFirstScreenShown();
  const waiting = useNotifications();
  if (!shown && waiting.notifications.length === 0 && waiting.queue.length === 0) return null;
  return (
    <OptionalPart>
      <Suspense fallback={null}>
        <NoticesContainer />
      </Suspense>
    </OptionalPart>
  );
};

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
        // Plain objects, not Button.extend(…) and the like: those import each component's code into the app's entry
        // (Drawer and Modal bring ScrollArea, FocusTrap and more), which every first load, the terminal's too, paid.
        Button: {
          styles: {
            root: { height: 'auto', minHeight: 'var(--button-height)', paddingBlock: 4 },
            label: { whiteSpace: 'normal', textAlign: 'center', overflow: 'visible', lineHeight: 1.2 },
          },
        },
        Badge: { styles: { root: { flexShrink: 0, maxWidth: 'none' } } },
        Drawer: { defaultProps: still },
        Modal: { defaultProps: still },
      },
    });
  }, [accountTheme, animations]);
  return (
    <MantineProvider theme={theme} forceColorScheme={darkMode ? 'dark' : 'light'}>
      <NoticesWhenNeeded />
      <RouterProvider router={router} />
    </MantineProvider>
  );
};
