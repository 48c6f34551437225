import { Button, FileButton, Group, Image, Paper, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../i18n/i18n';
import type { PreviewExtraProps } from '../../resources/extensions';
import { useResourceAccess } from '../../resources/useResourceAccess';
import { useAuthStore } from '../../state/authStore';
import { authorizedFileUrl } from './fileUrl';
import { productApi } from './productApi';

/** In the product preview: the product's image and, for those who may edit products, an upload button. */
export const ProductImagePanel = ({ def, row, reload }: PreviewExtraProps): ReactNode => {
  const { t } = useTranslation(['infrastructure', 'errors']);
  const token = useAuthStore((s) => s.token);
  const access = useResourceAccess(def);
  const [uploading, setUploading] = useState(false);
  const [broken, setBroken] = useState(false);
  const imageUrl = typeof row.imageUrl === 'string' && row.imageUrl !== '' ? row.imageUrl : null;
  const src = imageUrl ? authorizedFileUrl(imageUrl, token) : null;

  useEffect(() => {
    if (src) setBroken(false);
  }, [src]);

  const upload = async (files: File[]) => {
    if (files.length === 0) return;
    setUploading(true);
    try {
      await productApi.uploadImages(row.id, files);
      notifications.show({ color: 'green', message: t('products.imageUploaded', { count: files.length }) });
      reload();
    } catch (error) {
      notifications.show({ color: 'red', message: errorMessage(t, error) });
    } finally {
      setUploading(false);
    }
  };

  return (
    <Paper withBorder p="sm" radius="md" data-testid="product-image-panel">
      <Stack gap="xs" align="flex-start">
        {src && !broken ? (
          <Image
            src={src}
            mah={240}
            maw="100%"
            w="auto"
            fit="contain"
            radius="sm"
            alt={t('products.imageAlt', { name: String(row.name ?? row.index ?? '') })}
            onError={() => setBroken(true)}
            data-testid="product-image"
          />
        ) : (
          <Text size="sm" c="dimmed" data-testid="product-image-none">
            {broken ? t('products.imageFailed') : t('products.noImage')}
          </Text>
        )}
        {access.canWrite && (
          <Group gap="xs">
            <FileButton
              onChange={(files) => void upload(files)}
              accept="image/*"
              multiple
              inputProps={{ 'data-testid': 'product-image-input' } as Record<string, string>}
            >
              {(props) => (
                <Button
                  size="xs"
                  variant="default"
                  loading={uploading}
                  {...props}
                  data-testid="product-image-upload"
                >
                  {imageUrl ? t('products.replaceImage') : t('products.uploadImage')}
                </Button>
              )}
            </FileButton>
          </Group>
        )}
      </Stack>
    </Paper>
  );
};
