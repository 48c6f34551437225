import { api } from '../../api/http';

/** A stored file as File/upload and File/list return it. */
export interface FileInfo {
  readonly id: string;
  readonly fileName?: string;
  readonly contentType?: string;
  readonly size?: number;
  readonly [key: string]: unknown;
}

/** The product calls beyond the generic resource ones (docs/warehouse-api.md). */
export const productApi = {
  /** Uploads images of a product (multipart, field `images`); the first one becomes its image. */
  uploadImages: (productId: string, files: readonly File[]): Promise<{ files: FileInfo[] }> => {
    const form = new FormData();
    for (const file of files) form.append('images', file, file.name);
    return api.post<{ files: FileInfo[] }>('/api/File/upload', form, {
      query: { refResourceType: 'product', refResourceId: productId },
    });
  },
};
