import { Fragment, type ReactNode } from 'react';
import { useParams } from 'react-router';
import type { FeatureRoute } from '../../ui/featureRoute';
import { NotFoundPage } from '../../ui/NotFoundPage';
import { type FlowKind, isFlowKind } from './data/flowKinds';
import { TerminalDocumentPage } from './TerminalDocumentPage';
import { TerminalHomePage } from './TerminalHomePage';
import { TerminalOrderPage } from './TerminalOrderPage';
import { TerminalOrdersPage } from './TerminalOrdersPage';
import { TerminalScannerPage } from './TerminalScannerPage';
import { scannerSettingsPath, terminalPath } from './terminalPaths';

/** A flow's screen for a valid `:kind` (and `:id`), remounted when either changes; otherwise not found. */
const WithKind = ({ render }: { readonly render: (kind: FlowKind, id: string) => ReactNode }): ReactNode => {
  const { kind, id = '' } = useParams();
  if (!isFlowKind(kind)) return <NotFoundPage />;
  return <Fragment key={`${kind}/${id}`}>{render(kind, id)}</Fragment>;
};

/** The terminal screens (receipt, release, picking, verify) under /terminal. */
export const terminalRoutes: readonly FeatureRoute[] = [
  { path: terminalPath, element: <TerminalHomePage /> },
  { path: scannerSettingsPath, element: <TerminalScannerPage /> },
  {
    path: `${terminalPath}/:kind`,
    element: <WithKind render={(kind) => <TerminalOrdersPage kind={kind} />} />,
  },
  {
    path: `${terminalPath}/:kind/order/:id`,
    element: <WithKind render={(kind, id) => <TerminalOrderPage kind={kind} orderId={id} />} />,
  },
  {
    path: `${terminalPath}/:kind/document/:id`,
    element: <WithKind render={(kind, id) => <TerminalDocumentPage kind={kind} documentId={id} />} />,
  },
];
