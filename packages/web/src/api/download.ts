/**
 * File downloads through the API client's session (bearer token and the 401 refresh), reading the
 * body as a stream so an export dialog can show its progress (docs/product/forms-and-lists.md#export: in progress
 * with a progress bar, then the download).
 */
import { apiClient, sessionStore, userLanguage } from './instance.ts';
import { ApiRequestError } from './api-error.ts';
import type { QueryValue } from './client.ts';

export interface DownloadProgress {
  loaded: number;
  /** Unknown (null) when the server streams without a Content-Length. */
  total: number | null;
}

export interface DownloadedFile {
  blob: Blob;
  fileName: string | null;
}

function fileNameOf(disposition: string | null): string | null {
  if (!disposition) return null;
  const star = /filename\*=UTF-8''([^;]+)/i.exec(disposition);
  if (star?.[1]) return decodeURIComponent(star[1]);
  return /filename="?([^";]+)"?/i.exec(disposition)?.[1] ?? null;
}

async function send(path: string, query: Record<string, QueryValue>, signal?: AbortSignal): Promise<Response> {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined && value !== null) params.append(key, String(value));
  const token = sessionStore.get()?.accessToken;
  const headers: Record<string, string> = { 'Accept-Language': userLanguage() };
  if (token) headers.Authorization = `Bearer ${token}`;
  return fetch(`${path}?${params.toString()}`, { headers, signal });
}

export async function downloadFile(
  path: string,
  query: Record<string, QueryValue>,
  onProgress: (progress: DownloadProgress) => void,
  signal?: AbortSignal,
): Promise<DownloadedFile> {
  let response = await send(path, query, signal);
  if (response.status === 401) {
    // Let the client refresh the token (its queue and rules), then try once more.
    await apiClient.get('/v3/account/session', undefined, signal).catch(() => undefined);
    response = await send(path, query, signal);
  }
  if (!response.ok) {
    const text = await response.text().catch(() => '');
    let description: string | null = null;
    try {
      description = (JSON.parse(text) as { error_description?: string }).error_description ?? null;
    } catch {
      // Not JSON: keep the status only.
    }
    throw new ApiRequestError(response.status, 'download_failed', description);
  }
  const length = Number(response.headers.get('Content-Length'));
  const total = Number.isFinite(length) && length > 0 ? length : null;
  const chunks: Uint8Array[] = [];
  let loaded = 0;
  const reader = response.body?.getReader();
  if (reader) {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      loaded += value.byteLength;
      onProgress({ loaded, total });
    }
  }
  const type = response.headers.get('Content-Type') ?? 'application/octet-stream';
  return { blob: new Blob(chunks as BlobPart[], { type }), fileName: fileNameOf(response.headers.get('Content-Disposition')) };
}

/** Hands a blob to the browser as a file download. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
