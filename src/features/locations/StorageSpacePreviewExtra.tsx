import type { ReactNode } from 'react';
import type { PreviewExtraProps } from '../../resources/extensions';
import { LocationLabelPanel } from './LocationLabelPanel';

/** In the location preview: the barcode label (000 §3 "barcode (CODE128 preview)"). */
export const StorageSpacePreviewExtra = ({ row }: PreviewExtraProps): ReactNode => (
  <LocationLabelPanel id={row.id} label={String(row.label ?? '')} />
);
