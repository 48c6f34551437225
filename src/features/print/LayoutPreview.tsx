import { Box, List, Paper, Text } from '@mantine/core';
import { type ReactNode, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { parseLayout } from '../../../domain/print/printTemplate';
import type { PrintObjectType } from '../../../domain/print/printVocabulary';
import { type PrintPage, renderLayout } from '../../../domain/print/renderLayout';
import { samplePrintData } from '../../../domain/print/sampleData';
import { errorMessage } from '../../i18n/i18n';
import { BarcodeImage } from './BarcodeImage';

export interface LayoutPreviewProps {
  readonly content: string;
  readonly objectType: PrintObjectType;
  readonly page: PrintPage;
}

const textSize = { heading: 'lg', bold: 'sm', normal: 'sm' } as const;

/**
 * A layout filled with a sample record of its kind, drawn as it will print (the same domain function the server
 * uses), or the layout's problems with their lines. Labels keep their proportions, at most 340 px wide.
 */
export const LayoutPreview = ({ content, objectType, page }: LayoutPreviewProps): ReactNode => {
  const { t } = useTranslation(['print', 'errors']);
  const parsed = useMemo(() => parseLayout(content, objectType), [content, objectType]);
  if (!parsed.ok)
    return (
      <List size="sm" c="red" data-testid="print-preview-errors">
        {parsed.errors.map((e) => (
          <List.Item key={`${e.rule}-${String(e.params?.line)}-${String(e.params?.placeholder)}`}>
            {errorMessage(t, e)}
          </List.Item>
        ))}
      </List>
    );
  const tree = renderLayout(parsed.nodes, samplePrintData[objectType], page);
  const ratio = page.kind === 'a4' ? 297 / 210 : page.heightMm / page.widthMm;
  return (
    <Paper
      withBorder
      shadow="xs"
      p="xs"
      w="100%"
      maw={340}
      style={{ aspectRatio: `1 / ${ratio}`, overflow: 'hidden' }}
      data-testid="print-preview"
    >
      {tree.blocks.map((block, i) => {
        const key = `${i}-${block.kind}`;
        if (block.kind === 'gap') return <Box key={key} h={8} />;
        if (block.kind === 'barcode')
          return <BarcodeImage key={key} symbology={block.symbology} data={block.data} />;
        return (
          <Text
            key={key}
            size={textSize[block.style]}
            fw={block.style === 'normal' ? 400 : 700}
            style={{ overflowWrap: 'anywhere' }}
          >
            {block.text || '\u00a0'}
          </Text>
        );
      })}
    </Paper>
  );
};
