import { Button } from '@mantine/core';
import { Fragment, type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { orderTypeOf } from '../../../domain/warehouse/orderTypes';
import { type PreviewExtraProps, resourceExtensions } from '../../resources/extensions';
import type { FeatureRoute } from '../../ui/featureRoute';
import { useRightDrawer } from '../../ui/useRightDrawer';
import { NewOrderMenu } from '../orders/NewOrderMenu';
import { OperationalOrdersPage } from '../orders/OperationalOrdersPage';
import { OrderEditorPage } from '../orders/OrderEditorPage';
import { OrderPreviewPage } from '../orders/OrderPreviewPage';
import { VerificationCountPage } from '../verification/VerificationCountPage';
import { VerificationNewPage } from '../verification/VerificationNewPage';
import { VerificationOrdersPage } from '../verification/VerificationOrdersPage';
import { DocumentEditorPage } from './DocumentEditorPage';
import { DocumentPreviewPage } from './DocumentPreviewPage';
import { documentApi } from './documentApi';
import { TypeMenu } from './TypeMenu';
import { documentTypeLabel, typeItemsOf } from './typeLabels';

/** Remounts a screen when its :id changes, so no state of the previous record survives. */
const ById = ({ render }: { readonly render: () => ReactNode }): ReactNode => {
  const { id = '' } = useParams();
  return <Fragment key={id}>{render()}</Fragment>;
};

/** "New document" on the documents list: the types the user may create by hand. */
const NewDocumentMenu = (): ReactNode => {
  const { t } = useTranslation();
  const [types, setTypes] = useState<string[]>([]);
  useEffect(() => {
    let current = true;
    void documentApi.manualTypes().then((codes) => current && setTypes(codes));
    return () => {
      current = false;
    };
  }, []);
  return (
    <TypeMenu
      label={t('logistics:documents.add')}
      testId="doc-add"
      items={typeItemsOf(t, types, documentTypeLabel)}
      linkOf={(code) => `/documents/new?type=${code}`}
    />
  );
};

/** The drawer preview of a list row leads to the record's own screen (documents, orders and counts). */
const OpenButton = ({ to }: { readonly to: string }): ReactNode => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const drawer = useRightDrawer();
  return (
    <Button
      variant="light"
      onClick={() => {
        drawer.close();
        navigate(to);
      }}
      data-testid="logistics-open"
    >
      {t('logistics:actions.open')}
    </Button>
  );
};

const OpenDocument = ({ row }: PreviewExtraProps): ReactNode => <OpenButton to={`/documents/${row.id}`} />;
const OpenPositionDocument = ({ row }: PreviewExtraProps): ReactNode =>
  typeof row.documentId === 'string' ? <OpenButton to={`/documents/${row.documentId}`} /> : null;
const OpenOrder = ({ row }: PreviewExtraProps): ReactNode => (
  <OpenButton
    to={
      orderTypeOf(typeof row.typeCode === 'string' ? row.typeCode : null)?.group === 'verify'
        ? `/verification-orders/${row.id}`
        : `/orders/${row.id}`
    }
  />
);

// The generic lists of documents and orders (customWrite: no generic add/edit) get their way in here.
resourceExtensions.addListAction('wmsDocument', NewDocumentMenu);
resourceExtensions.addPreviewExtra('wmsDocument', OpenDocument);
resourceExtensions.addPreviewExtra('wmsDocumentPosition', OpenPositionDocument);
resourceExtensions.addListAction('wmsOrder', NewOrderMenu);
resourceExtensions.addPreviewExtra('wmsOrder', OpenOrder);

/**
 * The screens of warehouse documents, orders and counts. featureRoutes lists them before the generic resource
 * routes, so /documents/:id and the editors win over the generic preview of the same path.
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
