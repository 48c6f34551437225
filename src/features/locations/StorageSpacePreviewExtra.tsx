import type { ReactNode } from 'react';
import type { PreviewExtraProps } from '../../resources/extensions';
import { LocationLabelPanel } from './LocationLabelPanel';

/** In the location preview: the location's CODE128 barcode label. */
export const StorageSpacePreviewExtra = ({ row }: PreviewExtraProps): ReactNode => (
  <LocationLabelPanel id={row.id} label={String(row.label ?? '')} />
);
