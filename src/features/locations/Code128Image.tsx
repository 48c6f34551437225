import { Image, Skeleton, Text } from '@mantine/core';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { code128Svg, svgDataUrl } from './barcode';

export interface Code128ImageProps {
  readonly value: string;
  readonly height?: number;
  readonly 'data-testid'?: string;
}

/** A CODE128 barcode of `value`, drawn in the browser. */
export const Code128Image = ({ value, height = 72, ...rest }: Code128ImageProps): ReactNode => {
  const { t } = useTranslation('infrastructure');
  const [src, setSrc] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let current = true;
    setSrc(null);
    setFailed(false);
    code128Svg(value).then(
      (svg) => current && setSrc(svgDataUrl(svg)),
      () => current && setFailed(true),
    );
    return () => {
      current = false;
    };
  }, [value]);

  const testId = rest['data-testid'] ?? 'barcode';
  if (failed)
    return (
      <Text size="sm" c="red" data-testid={`${testId}-error`}>
        {t('barcode.failed')}
      </Text>
    );
  if (!src) return <Skeleton h={height} w={height * 3} maw="100%" />;
  return (
    <Image
      src={src}
      h={height}
      w="auto"
      maw="100%"
      fit="contain"
      alt={t('barcode.alt', { value })}
      data-testid={testId}
      data-value={value}
    />
  );
};
