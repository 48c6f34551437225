import { Button } from '@mantine/core';
import { type ComponentType, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PrintObjectType } from '../../../domain/print/printVocabulary';
import type { PreviewExtraProps } from '../../resources/extensions';
import { PrintDialog } from './PrintDialog';

export interface PrintButtonProps {
  /** The kinds of record this record can be printed as (a document: the document, its shipping label). */
  readonly objectTypes: readonly PrintObjectType[];
  readonly objectId: string;
  /** `xs` in a preview panel; the default size among a screen's other buttons. */
  readonly size?: 'xs' | 'sm';
}

/** "Print…": opens the print dialog for one record (any screen that shows a record that prints). */
export const PrintButton = ({ objectTypes, objectId, size = 'sm' }: PrintButtonProps): ReactNode => {
  const { t } = useTranslation('print');
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Button
        size={size}
        variant="default"
        onClick={() => setOpened(true)}
        style={{ alignSelf: 'flex-start' }}
        data-testid="print-open"
      >
        {t('action')}
      </Button>
      {opened ? (
        <PrintDialog opened onClose={() => setOpened(false)} objectTypes={objectTypes} objectId={objectId} />
      ) : null}
    </>
  );
};

/** A "Print…" button for a record's preview, printing it as the given kinds of record. */
export const printActionFor = (objectTypes: readonly PrintObjectType[]): ComponentType<PreviewExtraProps> => {
  const PrintAction = ({ row }: PreviewExtraProps): ReactNode => (
    <PrintButton objectTypes={objectTypes} objectId={row.id} size="xs" />
  );
  return PrintAction;
};

/** What a warehouse document prints as: the document itself, or its shipping label. */
export const documentPrintTypes: readonly PrintObjectType[] = ['document', 'shippingLabel'];

export const DocumentPrintAction = printActionFor(documentPrintTypes);
/** What an order prints as. */
export const orderPrintTypes: readonly PrintObjectType[] = ['order'];

export const OrderPrintAction = printActionFor(orderPrintTypes);
export const ProductPrintAction = printActionFor(['product']);
export const LocationPrintAction = printActionFor(['location']);
