import { Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { isPrintObjectType } from '../../../domain/print/printVocabulary';
import type { PreviewExtraProps } from '../../resources/extensions';
import { LayoutPreview } from './LayoutPreview';

/** In a layout's preview: the layout filled with a sample record of its kind. */
export const PrintLayoutPreviewExtra = ({ row }: PreviewExtraProps): ReactNode => {
  const { t } = useTranslation('print');
  if (!isPrintObjectType(row.objectType)) return null;
  return (
    <Stack gap="xs">
      <Text fw={600}>{t('editor.preview')}</Text>
      <LayoutPreview
        content={String(row.content ?? '')}
        objectType={row.objectType}
        page={
          row.paper === 'a4'
            ? { kind: 'a4' }
            : {
                kind: 'label',
                widthMm: Number(row.labelWidthMm ?? 100),
                heightMm: Number(row.labelHeightMm ?? 60),
              }
        }
      />
    </Stack>
  );
};
