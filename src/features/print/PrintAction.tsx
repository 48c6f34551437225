import { Button } from '@mantine/core';
import { type ComponentType, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PrintObjectType } from '../../../domain/print/printVocabulary';
import type { PreviewExtraProps } from '../../resources/extensions';
import { PrintDialog } from './PrintDialog';

/** A "Print…" button for a record's preview, printing it as the given kinds of record. */
export const printActionFor = (objectTypes: readonly PrintObjectType[]): ComponentType<PreviewExtraProps> => {
  const PrintAction = ({ row }: PreviewExtraProps): ReactNode => {
    const { t } = useTranslation('print');
    const [opened, setOpened] = useState(false);
    return (
      <>
        <Button
          size="xs"
          variant="default"
          onClick={() => setOpened(true)}
          style={{ alignSelf: 'flex-start' }}
          data-testid="print-open"
        >
          {t('action')}
        </Button>
        {opened ? (
          <PrintDialog opened onClose={() => setOpened(false)} objectTypes={objectTypes} objectId={row.id} />
        ) : null}
      </>
    );
  };
  return PrintAction;
};

export const DocumentPrintAction = printActionFor(['document', 'shippingLabel']);
export const OrderPrintAction = printActionFor(['order']);
export const ProductPrintAction = printActionFor(['product']);
export const LocationPrintAction = printActionFor(['location']);
