import { ulid } from 'ulid';
import type { Slide, Slideshow, SlideshowChanges } from '@shared/schemas/slideshows';
import { SLIDE_FILE_KINDS, toHms } from '@shared/slideshows';
import type { SlideshowItem, SpaceItem } from '@core/table/entities';
import { readForSpaceWrite } from '../spaces';
import { listSlideshowItems, writeSlideshow, type ActiveSlideshowChange, type SlideshowWrite } from './store';
import { Invalid, NotFound } from '@core/errors';
import type { ClientPrincipal } from '@core/auth/principal';
import { mp4DurationMs } from './mp4-duration';
import { assertActsOnSpace } from '../venues';
import {
  acceptUpload,
  discardFiles,
  fileUrl,
  readRange,
  releaseFiles,
  savingFiles,
  type StoredFile,
} from '@core/files/uploads';

/**
 * Slideshows of a space (docs/product/client-area.md §2 "Slideshow panel", §3 Slideshow, §7 "Slideshows"): the
 * Account Admin's and the Venue Manager's, on spaces of venues where they are Approved. A slide's
 * file is a presigned upload, accepted by its bytes (PNG, JPEG or MP4); a video's length comes from
 * its own header. A space has at most one active slideshow, named on the space.
 */

type SlideRecord = SlideshowItem['slides'][number];

/** The space the caller acts on (403/404 otherwise) and its slideshows, read together. */
async function spaceAndSlideshows(principal: ClientPrincipal, spaceId: string, consistent: boolean) {
  const [context, slideshows] = await Promise.all([
    readForSpaceWrite(principal.accountId, {
      spaceId,
      venue: false,
      managerId: principal.role === 'Venue Manager' ? principal.userId : undefined,
    }),
    listSlideshowItems(principal.accountId, spaceId, { consistent }),
  ]);
  const space = assertActsOnSpace(principal, { ...context, spaceAssignment: null });
  return { space, slideshows };
}

/** A slideshow as the API answers it: slides in play order, each with a presigned URL of its file. */
export async function toSlideshow(
  item: SlideshowItem,
  urlOptions: Parameters<typeof fileUrl>[1] = {},
): Promise<Slideshow> {
  const slides = await Promise.all(
    item.slides.map(async (slide, order): Promise<Slide> => ({
      file: slide.file,
      file_format: slide.file_format,
      file_url: await fileUrl(slide.file, urlOptions),
      file_type: slide.file_type,
      order,
      duration:
        slide.file_type === 'video' && slide.duration_ms
          ? toHms(Math.ceil(slide.duration_ms / 1000))
          : item.duration,
      duration_ms: slide.file_type === 'video' ? (slide.duration_ms ?? null) : null,
      size: slide.size,
    })),
  );
  return {
    id: item.slideshow_id,
    space_id: item.space_id,
    name: item.name,
    transition: item.transition as Slideshow['transition'],
    duration: item.duration,
    randomize: item.randomize === 1 ? 1 : 0,
    slideshow_status: item.slideshow_status === 1 ? 1 : 0,
    slides,
    slides_order: slides.map((slide) => slide.file),
    created_at: item.created_at,
    updated_at: item.updated_at,
  };
}

/** GET /client/slideshows/{spaceId} */
export async function listSlideshows(principal: ClientPrincipal, spaceId: string): Promise<Slideshow[]> {
  const { slideshows } = await spaceAndSlideshows(principal, spaceId, false);
  return Promise.all(slideshows.map((item) => toSlideshow(item)));
}

/** The input's slides in play order: `slides_order` when sent, else by `order`, else as listed. */
function playOrder(input: SlideshowChanges): Array<{ file: string; index: number }> {
  const listed = input.slides.map((slide, index) => ({ file: slide.file, index, order: slide.order }));
  if (input.slides_order?.length) {
    const position = new Map(input.slides_order.map((file, i) => [file, i]));
    return listed.sort((a, b) => position.get(a.file)! - position.get(b.file)!);
  }
  return listed.sort((a, b) => (a.order ?? a.index) - (b.order ?? b.index) || a.index - b.index);
}

/**
 * The slides to keep: a file the slideshow already has keeps what was read of it; a new one must
 * be the caller's own upload of a PNG, JPEG or MP4 within its size and the account's storage, and
 * a video must have a readable length (the field named is `slides.<i>.file`). New files are
 * stored under their own keys (`stored`); when one fails, every new one is deleted.
 */
async function acceptSlides(
  principal: ClientPrincipal,
  input: SlideshowChanges,
  existing: ReadonlyMap<string, SlideRecord>,
): Promise<{ slides: SlideRecord[]; stored: StoredFile[] }> {
  const stored: StoredFile[] = [];
  const results = await Promise.allSettled(
    playOrder(input).map(async ({ file, index }): Promise<SlideRecord> => {
      const kept = existing.get(file);
      if (kept) return kept;
      const field = `slides.${index}.file`;
      const accepted = await acceptUpload(principal, 'slide', field, file);
      stored.push(accepted);
      const { key, type, size } = accepted;
      const kind = SLIDE_FILE_KINDS[type];
      if (kind.file_type === 'image')
        return { file: key, file_format: kind.file_format, file_type: 'image', size };
      const durationMs = await mp4DurationMs((start, end) => readRange(key, start, end), size);
      if (!durationMs) {
        stored.splice(stored.indexOf(accepted), 1);
        await discardFiles([accepted], false);
        throw new Invalid({ [field]: 'The video could not be read: it has no length. Upload it again' });
      }
      return { file: key, file_format: 'mp4', file_type: 'video', duration_ms: durationMs, size };
    }),
  );
  const failed = results.find((result) => result.status === 'rejected');
  if (failed) {
    await discardFiles(stored);
    throw failed.reason;
  }
  return {
    slides: results.map((result) => (result as PromiseFulfilledResult<SlideRecord>).value),
    stored,
  };
}

const activityOf = (principal: ClientPrincipal, space: SpaceItem, activity: string) => ({
  principal,
  component: 'Space',
  componentId: space.space_id,
  activity,
});

/**
 * What the write does to the space's active slideshow: activating one names it on the space and
 * turns the previous one off; deactivating the active one keeps it named, off.
 */
function activation(
  space: SpaceItem,
  slideshows: readonly SlideshowItem[],
  after: SlideshowItem,
): Pick<SlideshowWrite, 'deactivate' | 'spaceChange'> {
  const id = after.slideshow_id;
  if (after.slideshow_status === 1) {
    const deactivate = slideshows.find((s) => s.slideshow_status === 1 && s.slideshow_id !== id);
    const unchanged = space.slideshow_id === id && space.slideshow_status === 1;
    return { deactivate, spaceChange: unchanged ? undefined : { slideshow_id: id, slideshow_status: 1 } };
  }
  if (space.slideshow_id === id && space.slideshow_status === 1) {
    return { spaceChange: { slideshow_id: id, slideshow_status: 0 } };
  }
  return {};
}

/** What the form sets of a slideshow, besides its slides. */
const formFields = (input: SlideshowChanges) => ({
  name: input.name,
  transition: input.transition,
  duration: input.duration,
  randomize: input.randomize,
  slideshow_status: input.slideshow_status,
});

/** POST /client/slideshows/{spaceId} */
export async function createSlideshow(
  principal: ClientPrincipal,
  spaceId: string,
  input: SlideshowChanges,
): Promise<Slideshow> {
  const { space, slideshows } = await spaceAndSlideshows(principal, spaceId, true);
  const { slides, stored } = await acceptSlides(principal, input, new Map());
  const now = new Date().toISOString();
  const after: SlideshowItem = {
    account_id: principal.accountId,
    space_id: space.space_id,
    slideshow_id: ulid(),
    ...formFields(input),
    slides,
    version: 0,
    created_at: now,
    updated_at: now,
  };
  await savingFiles(stored, () =>
    writeSlideshow(
      {
        space,
        after,
        ...activation(space, slideshows, after),
        addedFiles: slides.map((s) => s.file),
        removedFiles: [],
      },
      activityOf(principal, space, `Created the slideshow ${after.name} of space ${space.title}`),
    ),
  );
  return toSlideshow(after);
}

/** POST|PUT /client/slideshows/{spaceId}/{id}: the slideshow as sent; dropped slides' files are deleted. */
export async function updateSlideshow(
  principal: ClientPrincipal,
  spaceId: string,
  slideshowId: string,
  input: SlideshowChanges,
): Promise<Slideshow> {
  const { space, slideshows } = await spaceAndSlideshows(principal, spaceId, true);
  const before = slideshows.find((s) => s.slideshow_id === slideshowId);
  if (!before) throw new NotFound('Slideshow');
  const existing = new Map(before.slides.map((slide) => [slide.file, slide]));
  const { slides, stored } = await acceptSlides(principal, input, existing);
  const after: SlideshowItem = {
    ...before,
    ...formFields(input),
    slides,
    version: before.version + 1,
    updated_at: new Date().toISOString(),
  };
  const kept = new Set(slides.map((s) => s.file));
  const removedFiles = before.slides.map((s) => s.file).filter((file) => !kept.has(file));
  await savingFiles(stored, () =>
    writeSlideshow(
      {
        space,
        before,
        after,
        ...activation(space, slideshows, after),
        addedFiles: slides.map((s) => s.file).filter((file) => !existing.has(file)),
        removedFiles,
      },
      activityOf(principal, space, `Saved the slideshow ${after.name} of space ${space.title}`),
    ),
  );
  await releaseFiles(principal.accountId, removedFiles);
  return toSlideshow(after);
}

/** DELETE /client/slideshows/{spaceId}/{id}: the slideshow and its files. */
export async function deleteSlideshow(principal: ClientPrincipal, spaceId: string, slideshowId: string) {
  const { space, slideshows } = await spaceAndSlideshows(principal, spaceId, true);
  const before = slideshows.find((s) => s.slideshow_id === slideshowId);
  if (!before) throw new NotFound('Slideshow');
  const files = before.slides.map((s) => s.file);
  const spaceChange: ActiveSlideshowChange | undefined =
    space.slideshow_id === slideshowId ? { slideshow_id: null, slideshow_status: 0 } : undefined;
  await writeSlideshow(
    { space, before, spaceChange, addedFiles: [], removedFiles: files },
    activityOf(principal, space, `Deleted the slideshow ${before.name} of space ${space.title}`),
  );
  await releaseFiles(principal.accountId, files);
}
