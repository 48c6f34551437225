import type { OfficeSettingsView } from '../../../domain/office/officeSettings';
import { ApiError } from '../../api/apiError';
import { api, apiUrl } from '../../api/http';
import { fileNameFromDisposition, saveBlob } from '../../api/saveFile';
import { useAuthStore } from '../../state/authStore';

/** A stored file as File/list and File/upload return it. */
export interface AttachedFile {
  readonly id: string;
  readonly fileName: string;
  readonly contentType: string;
  readonly size: number;
  readonly createdAt: string;
  readonly refResourceType: string;
  readonly refResourceId: string;
}

/** 0…1 of a transfer, or null while its size is not known. */
export type Progress = (fraction: number | null) => void;

const ref = (resourceType: string, id: string) => ({ refResourceType: resourceType, refResourceId: id });

/** The access token is renewed by any call of the HTTP client that gets a 401; the settings read is a cheap one. */
const renewToken = async (): Promise<void> => {
  await api.get('/api/OfficeSettings', null, { silent: true });
};

const errorOf = (status: number, text: string): ApiError => {
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // not JSON: kept as text
  }
  return ApiError.fromResponse(status, body, '');
};

/** One upload with progress (fetch cannot report an upload's progress; XMLHttpRequest can). */
const sendForm = (
  url: string,
  form: FormData,
  onProgress: Progress,
): Promise<{ status: number; text: string }> =>
  new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    const token = useAuthStore.getState().token;
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.setRequestHeader('Accept', 'application/json');
    const lang = document.documentElement.lang.toLowerCase();
    if (lang) xhr.setRequestHeader('Accept-Language', lang);
    xhr.upload.onprogress = (e) => onProgress(e.lengthComputable ? e.loaded / e.total : null);
    xhr.onload = () => resolve({ status: xhr.status, text: xhr.responseText });
    xhr.onerror = () => reject(ApiError.network(new Error('upload failed'), ''));
    xhr.send(form);
  });

/** The file calls (server/files/fileRoutes.ts). */
export const fileApi = {
  list: async (resourceType: string, id: string): Promise<AttachedFile[]> =>
    (await api.get<{ results: AttachedFile[] }>('/api/File/list', ref(resourceType, id), { silent: true }))
      .results,

  remove: (fileId: string): Promise<unknown> => api.delete(`/api/File/delete/${encodeURIComponent(fileId)}`),

  settings: (): Promise<OfficeSettingsView> =>
    api.get<OfficeSettingsView>('/api/OfficeSettings', null, { silent: true }),

  /** Uploads files (multipart field `files`) with progress; the session's token is renewed once on a 401. */
  upload: async (resourceType: string, id: string, files: readonly File[], onProgress: Progress) => {
    const form = new FormData();
    for (const file of files) form.append('files', file, file.name);
    const url = apiUrl('/api/File/upload', ref(resourceType, id));
    let answer = await sendForm(url, form, onProgress);
    if (answer.status === 401) {
      await renewToken();
      answer = await sendForm(url, form, onProgress);
    }
    if (answer.status >= 400) throw errorOf(answer.status, answer.text);
    return (JSON.parse(answer.text) as { files: AttachedFile[] }).files;
  },

  /** Downloads a file (optionally converted to PDF) with progress and hands it to the browser. */
  download: async (fileId: string, onProgress: Progress, opts: { asPdf?: boolean } = {}): Promise<void> => {
    const url = apiUrl(
      `/api/File/download/${encodeURIComponent(fileId)}`,
      opts.asPdf ? { convertXlsxToPdf: true } : undefined,
    );
    const get = () =>
      fetch(url, { headers: { Authorization: `Bearer ${useAuthStore.getState().token ?? ''}` } }).catch(
        (e: unknown) => {
          throw ApiError.network(e, '');
        },
      );
    let response = await get();
    if (response.status === 401) {
      await renewToken();
      response = await get();
    }
    if (!response.ok) throw errorOf(response.status, await response.text());
    const total = Number(response.headers.get('Content-Length') ?? 0);
    const reader = response.body?.getReader();
    const chunks: Uint8Array[] = [];
    let received = 0;
    if (reader)
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        chunks.push(value);
        received += value.length;
        onProgress(total > 0 ? received / total : null);
      }
    const blob = new Blob(chunks as BlobPart[], { type: response.headers.get('Content-Type') ?? undefined });
    saveBlob(blob, fileNameFromDisposition(response.headers.get('Content-Disposition')) ?? 'download');
  },
};
