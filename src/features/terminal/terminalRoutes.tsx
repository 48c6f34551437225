import { Fragment, type ReactNode } from 'react';
import { useParams } from 'react-router';
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

/**
 * Every terminal screen, asked for as soon as any of them loads: a picker who loses the network after the terminal
 * opened still has each flow's screen (a screen's chunk fetched only when first opened failed offline).
 */
const preloadTerminalScreens = (): void => {
  void Promise.all([
    import('./TerminalHomePage'),
    import('./TerminalScannerPage'),
    import('./TerminalOrdersPage'),
    import('./TerminalOrderPage'),
    import('./TerminalDocumentPage'),
  ]).catch(() => undefined);
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
