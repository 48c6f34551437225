import { Fragment, type ReactNode } from 'react';
import { useParams } from 'react-router';
import { type ListActionProps, resourceExtensions } from '../../resources/extensions';
import type { FeatureRoute } from '../../ui/featureRoute';
import { lazyNamed } from '../../ui/lazyNamed';

const DocumentEditorPage = lazyNamed(() => import('./DocumentEditorPage'), 'DocumentEditorPage');
const DocumentPreviewPage = lazyNamed(() => import('./DocumentPreviewPage'), 'DocumentPreviewPage');
const OrderEditorPage = lazyNamed(() => import('../orders/OrderEditorPage'), 'OrderEditorPage');
const OrderPreviewPage = lazyNamed(() => import('../orders/OrderPreviewPage'), 'OrderPreviewPage');
const OperationalOrdersPage = lazyNamed(
  () => import('../orders/OperationalOrdersPage'),
  'OperationalOrdersPage',
);
const VerificationOrdersPage = lazyNamed(
  () => import('../verification/VerificationOrdersPage'),
  'VerificationOrdersPage',
);
const VerificationNewPage = lazyNamed(
  () => import('../verification/VerificationNewPage'),
  'VerificationNewPage',
);
const VerificationCountPage = lazyNamed(
  () => import('../verification/VerificationCountPage'),
  'VerificationCountPage',
);

/** Remounts a screen when its :id changes, so no state of the previous record survives. */
const ById = ({ render }: { readonly render: () => ReactNode }): ReactNode => {
  const { id = '' } = useParams();
  return <Fragment key={id}>{render()}</Fragment>;
};

// The generic lists of documents and orders (customWrite: no generic add/edit) get their way in here; the
// components load with the screens that show them.
const extensions = () => import('./logisticsExtensions');
resourceExtensions.addListAction(
  'wmsDocument',
  lazyNamed<'NewDocumentMenu', ListActionProps>(extensions, 'NewDocumentMenu'),
);
resourceExtensions.addPreviewExtra('wmsDocument', lazyNamed(extensions, 'OpenDocument'));
resourceExtensions.addPreviewExtra('wmsDocumentPosition', lazyNamed(extensions, 'OpenPositionDocument'));
resourceExtensions.addListAction(
  'wmsOrder',
  lazyNamed(() => import('../orders/NewOrderMenu'), 'NewOrderMenu'),
);
resourceExtensions.addPreviewExtra('wmsOrder', lazyNamed(extensions, 'OpenOrder'));

/**
 * The screens of warehouse documents, orders and counts, each loaded on demand. featureRoutes lists them before
 * the generic resource routes, so /documents/:id and the editors win over the generic preview of the same path.
 */
export const logisticsRoutes: readonly FeatureRoute[] = [
  { path: '/documents/new', element: <DocumentEditorPage mode="new" /> },
  { path: '/documents/:id', element: <ById render={() => <DocumentPreviewPage />} /> },
  { path: '/documents/:id/edit', element: <ById render={() => <DocumentEditorPage mode="edit" />} /> },
  { path: '/orders/new', element: <OrderEditorPage mode="new" /> },
  { path: '/orders/:id', element: <ById render={() => <OrderPreviewPage />} /> },
  { path: '/orders/:id/edit', element: <ById render={() => <OrderEditorPage mode="edit" />} /> },
  { path: '/operational-orders', element: <OperationalOrdersPage /> },
  { path: '/verification-orders', element: <VerificationOrdersPage /> },
  { path: '/verification-orders/new', element: <VerificationNewPage /> },
  { path: '/verification-orders/:id', element: <ById render={() => <VerificationCountPage />} /> },
];
