import { Fragment, type ReactNode } from 'react';
import { useParams } from 'react-router';
import { afterFirstScreen } from '../../state/firstScreen';
import type { FeatureRoute } from '../../ui/featureRoute';
import { NotFoundPage } from '../../ui/NotFoundPage';
import { type FlowKind, isFlowKind } from './data/flowKinds';
import { scannerSettingsPath, terminalPath } from './terminalPaths';

/** A flow's screen for a valid `:kind` (and `:id`), remounted when either changes; otherwise not found. */
const WithKind = ({ render }: { readonly render: (kind: FlowKind, id: string) => ReactNode }): ReactNode => {
  const { kind, id = '' } = useParams();
  if (!isFlowKind(kind)) return <NotFoundPage />;
  return <Fragment key={`${kind}/${id}`}>{render(kind, id)}</Fragment>;
};

let preloading = false;

/**
 * Every terminal screen, asked for once the first one is up and the browser idle: a picker who loses the network
 * after the terminal opened still has each flow's screen (a screen's chunk fetched only when first opened failed
 * offline; the service worker precaches them too, but it may still be installing on a first visit). Asked for
 * any earlier, they would compete with the scan field on a slow network. The same for the parts of a screen that
 * load when first used: the sync chip's details and the camera's dialog.
 */
const preloadTerminalScreens = (): void => {
  if (preloading) return;
  preloading = true;
  void afterFirstScreen()
    .then(() =>
      Promise.all([
        import('./TerminalHomePage'),
        import('./TerminalScannerPage'),
        import('./TerminalOrdersPage'),
        import('./TerminalOrderPage'),
        import('./TerminalDocumentPage'),
        import('../sync/SyncDetails'),
        import('../scanner/CameraDialog'),
      ]),
    )
    .catch(() => {
      preloading = false;
    });
};

/** The terminal screens (receipt, release, picking, verify) under /terminal, each loaded with its route. */
export const terminalRoutes: readonly FeatureRoute[] = [
  {
    path: terminalPath,
    lazy: async () => {
      preloadTerminalScreens();
      const { TerminalHomePage } = await import('./TerminalHomePage');
      return <TerminalHomePage />;
    },
  },
  {
    path: scannerSettingsPath,
    lazy: async () => {
      preloadTerminalScreens();
      const { TerminalScannerPage } = await import('./TerminalScannerPage');
      return <TerminalScannerPage />;
    },
  },
  {
    path: `${terminalPath}/:kind`,
    lazy: async () => {
      preloadTerminalScreens();
      const { TerminalOrdersPage } = await import('./TerminalOrdersPage');
      return <WithKind render={(kind) => <TerminalOrdersPage kind={kind} />} />;
    },
  },
  {
    path: `${terminalPath}/:kind/order/:id`,
    lazy: async () => {
      preloadTerminalScreens();
      const { TerminalOrderPage } = await import('./TerminalOrderPage');
      return <WithKind render={(kind, id) => <TerminalOrderPage kind={kind} orderId={id} />} />;
    },
  },
  {
    path: `${terminalPath}/:kind/document/:id`,
    lazy: async () => {
      preloadTerminalScreens();
      const { TerminalDocumentPage } = await import('./TerminalDocumentPage');
      return <WithKind render={(kind, id) => <TerminalDocumentPage kind={kind} documentId={id} />} />;
    },
  },
];
