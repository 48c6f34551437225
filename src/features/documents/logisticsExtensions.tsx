/** What the documents and orders add to their generic list and preview screens (registered in logisticsRoutes.tsx). */
import { Button } from '@mantine/core';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { orderTypeOf } from '../../../domain/warehouse/orderTypes';
import type { PreviewExtraProps } from '../../resources/extensions';
import { useRightDrawer } from '../../ui/useRightDrawer';
import { documentApi } from './documentApi';
import { TypeMenu } from './TypeMenu';
import { documentTypeLabel, typeItemsOf } from './typeLabels';

/** "New document" on the documents list: the types the user may create by hand. */
export const NewDocumentMenu = (): ReactNode => {
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

export const OpenDocument = ({ row }: PreviewExtraProps): ReactNode => (
  <OpenButton to={`/documents/${row.id}`} />
);
export const OpenPositionDocument = ({ row }: PreviewExtraProps): ReactNode =>
  typeof row.documentId === 'string' ? <OpenButton to={`/documents/${row.documentId}`} /> : null;
export const OpenOrder = ({ row }: PreviewExtraProps): ReactNode => (
  <OpenButton
    to={
      orderTypeOf(typeof row.typeCode === 'string' ? row.typeCode : null)?.group === 'verify'
        ? `/verification-orders/${row.id}`
        : `/orders/${row.id}`
    }
  />
);
