import type { ScopedMutator } from 'swr';
import { meRoutes } from '@shared/api/me-routes';
import { slideshowsRoutes } from '@shared/api/slideshows-routes';
import type { SlideshowInput } from '@shared/schemas/slideshows';
import type { UploadTicket } from '@shared/schemas/uploads';
import type { SlideContentType } from '@shared/slideshows';
import { callRoute, pathOf, useRoute } from '../../api/call';
import { ApiError, presignedForm, tracked, uploadFailed } from '../../api/client';
import { venuePaths } from '../venues/api';

/**
 * A space's slideshows (docs/product/client-area.md §7 "Slideshows"): the list as one swr hook keyed by its API
 * path, the save and delete calls, and a slide's upload with its progress. Errors are toasted by
 * the fetch client.
 */

/** The slideshows of a space. */
export function useSlideshows(spaceId: string) {
  return useRoute(slideshowsRoutes['list-slideshows'], { params: { spaceId } });
}

/** Creates a slideshow (`id` null) or updates one; the reply carries the saved slideshow and 'Slideshow saved'. */
export const saveSlideshow = (spaceId: string, id: string | null, body: SlideshowInput) =>
  id
    ? callRoute(slideshowsRoutes['update-slideshow'], { params: { spaceId, id }, body })
    : callRoute(slideshowsRoutes['create-slideshow'], { params: { spaceId }, body });

/** Deletes a slideshow; the reply's message is 'Slideshow deleted'. */
export const deleteSlideshow = (spaceId: string, id: string) =>
  callRoute(slideshowsRoutes['delete-slideshow'], { params: { spaceId, id } });

/**
 * Revalidates what a saved or deleted slideshow changes: the space's slideshows (activating one
 * turns the previous active one off) and the spaces, whose cards show the slideshow's state.
 */
export function revalidateSlideshows(mutate: ScopedMutator, spaceId: string): Promise<unknown> {
  return Promise.all(
    [
      pathOf(slideshowsRoutes['list-slideshows'], { params: { spaceId } }),
      venuePaths.spaces,
      venuePaths.recentSpaces,
      venuePaths.space(spaceId),
    ].map((key) => mutate(key)),
  );
}

/** The message of an upload stopped by its signal (a tile deleted, the form left); never toasted. */
export const UPLOAD_CANCELLED = 'Upload cancelled';

/**
 * Posts a file to a presigned S3 POST as `uploadToPresignedPost` does (and counts in the progress
 * bar alike), by XMLHttpRequest, which can tell how much has been sent: `onProgress` gets the share,
 * 0 to 1. Toasts 'Upload failed' on any failure; aborting `signal` cancels it, which rejects with
 * 'Upload cancelled' and toasts nothing.
 */
export function uploadWithProgress(
  ticket: UploadTicket,
  file: Blob,
  fileName: string,
  onProgress: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<void> {
  return tracked(async () => {
    const outcome = await new Promise<'ok' | 'failed' | 'cancelled'>((resolve) => {
      if (signal?.aborted) return resolve('cancelled');
      const xhr = new XMLHttpRequest();
      const abort = () => xhr.abort();
      const settle = (result: 'ok' | 'failed' | 'cancelled') => {
        signal?.removeEventListener('abort', abort);
        resolve(result);
      };
      xhr.open('POST', ticket.url);
      xhr.upload.onprogress = (event) => {
        if (event.lengthComputable && event.total > 0) onProgress(Math.min(1, event.loaded / event.total));
      };
      xhr.onload = () => settle(xhr.status >= 200 && xhr.status < 300 ? 'ok' : 'failed');
      xhr.onerror = () => settle('failed');
      xhr.ontimeout = () => settle('failed');
      xhr.onabort = () => settle('cancelled');
      signal?.addEventListener('abort', abort, { once: true });
      xhr.send(presignedForm(ticket, file, fileName));
    });
    if (outcome === 'cancelled') throw new ApiError(UPLOAD_CANCELLED, null);
    if (outcome === 'failed') throw uploadFailed();
    onProgress(1);
  });
}

/**
 * Uploads a slide's file through a presigned POST (purpose `slide`), reporting the share sent, and
 * returns its key to send as the slide's `file`. The API reads the bytes when the slideshow is saved.
 */
export async function uploadSlide(
  file: File,
  contentType: SlideContentType,
  onProgress: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<string> {
  const { result: ticket } = await callRoute(meRoutes['client-create-upload'], {
    body: { purpose: 'slide', content_type: contentType, size: file.size },
  });
  if (signal?.aborted) throw new ApiError(UPLOAD_CANCELLED, null);
  await uploadWithProgress(ticket, file, file.name, onProgress, signal);
  return ticket.key;
}
