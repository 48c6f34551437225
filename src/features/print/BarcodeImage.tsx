import { Image, Skeleton, Text } from '@mantine/core';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BarcodeSymbology } from '../../../domain/print/printTemplate';
import { svgDataUrl } from '../locations/barcode';

type BwipGeneric = typeof import('bwip-js/generic');
let loading: Promise<BwipGeneric> | null = null;
// Loaded on first use, like the location labels' barcodes (the library is large).
const bwip = (): Promise<BwipGeneric> => {
  loading ??= import('bwip-js/generic');
  return loading;
};

/** A CODE128 or GS1-128 barcode with its text line, as a layout preview shows it (the PDF draws the same). */
export const BarcodeImage = ({
  symbology,
  data,
}: {
  symbology: BarcodeSymbology;
  data: string;
}): ReactNode => {
  const { t } = useTranslation('print');
  const [src, setSrc] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let current = true;
    setSrc(null);
    setFailed(false);
    bwip()
      .then((lib) =>
        lib.toSVG({
          bcid: symbology,
          text: data,
          scale: 2,
          height: 10,
          includetext: true,
          textxalign: 'center',
        }),
      )
      .then(
        (svg) => current && setSrc(svgDataUrl(svg)),
        () => current && setFailed(true),
      );
    return () => {
      current = false;
    };
  }, [symbology, data]);
  if (failed)
    return (
      <Text size="xs" c="red">
        {t('preview.barcodeFailed', { data })}
      </Text>
    );
  if (!src) return <Skeleton h={48} w={160} />;
  return <Image src={src} h={56} w="auto" fit="contain" alt={data} data-testid="print-preview-barcode" />;
};
