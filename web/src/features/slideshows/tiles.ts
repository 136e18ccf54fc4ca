import { useCallback, useEffect, useRef, useState } from 'react';
import type { Slide } from '@shared/schemas/slideshows';
import { uploadLimit } from '@shared/schemas/uploads';
import {
  MAX_SLIDES,
  SLIDE_CONTENT_TYPES,
  SLIDE_FILE_KINDS,
  SLIDE_TYPE_MESSAGE,
  type SlideContentType,
} from '@shared/slideshows';
import { ApiError } from '@web/api/client';
import { UPLOAD_CANCELLED, uploadSlide } from './api';

/**
 * The slides of the slideshow form as tiles: those it has, and files chosen since, each uploaded
 * at once (presigned POST, purpose `slide`) with its progress. A tile's `file` is its upload key,
 * what the save sends; the API reads each file's bytes on save.
 */
export interface Tile {
  /** Stable while the form is open: the key of the tile and of its drag. */
  id: string;
  /** The upload's key; null until the upload ends. */
  file: string | null;
  type: 'image' | 'video';
  /** The presigned URL of a saved slide, or an object URL of the file just chosen. */
  url: string | null;
  /** A saved video's length (`hh:mm:ss`); null for an image, or a video not saved yet. */
  videoLength: string | null;
  /** The share uploaded, 0 to 1, while the upload runs; null otherwise. */
  progress: number | null;
  /** Why the slide cannot be saved as it is (a failed upload, the API's word on its file). */
  error: string | null;
  /** The file chosen, kept to try its upload again. */
  source: File | null;
}

let lastId = 0;
const newId = () => `tile-${++lastId}`;

const MB = 1024 * 1024;

function fromSlide(slide: Slide): Tile {
  return {
    id: newId(),
    file: slide.file,
    type: slide.file_type,
    url: slide.file_url,
    videoLength: slide.file_type === 'video' ? slide.duration : null,
    progress: null,
    error: null,
    source: null,
  };
}

const isSlideType = (type: string): type is SlideContentType =>
  (SLIDE_CONTENT_TYPES as readonly string[]).includes(type);

/**
 * Why a file cannot be a slide, or null when it may: its type (told by the browser from its
 * name; the API checks the bytes) and its size.
 */
export function fileProblem(file: File): string | null {
  if (!isSlideType(file.type)) return SLIDE_TYPE_MESSAGE;
  const limit = uploadLimit('slide', file.type);
  if (file.size > limit) {
    const kind = SLIDE_FILE_KINDS[file.type].file_type === 'video' ? 'a video' : 'an image';
    return `${file.name} is larger than ${limit / MB} MB, the most ${kind} may be`;
  }
  return null;
}

export interface SlideTiles {
  tiles: Tile[];
  /** An upload is running: saving waits. */
  uploading: boolean;
  /** Adds the files that may be slides, up to the limit; returns what was refused, or null. */
  add: (files: File[]) => string | null;
  /** Puts another file in a tile; returns why it was refused, or null. */
  replace: (id: string, file: File) => string | null;
  retry: (id: string) => void;
  remove: (id: string) => void;
  move: (from: number, to: number) => void;
  /** Marks tiles with the API's word on their files, by id. */
  markErrors: (errors: ReadonlyMap<string, string>) => void;
}

/** The tiles of `slides` (in play order) and what may be done to them. */
export function useSlideTiles(slides: readonly Slide[]): SlideTiles {
  const [tiles, setTiles] = useState<Tile[]>(() =>
    slides.toSorted((a, b) => a.order - b.order).map((slide) => fromSlide(slide)),
  );
  const uploads = useRef(new Map<string, AbortController>());
  const objectUrls = useRef(new Set<string>());

  // Leaving the form cancels its uploads and frees its object URLs.
  useEffect(() => {
    const running = uploads.current;
    const urls = objectUrls.current;
    return () => {
      for (const controller of running.values()) controller.abort();
      running.clear();
      for (const url of urls) URL.revokeObjectURL(url);
      urls.clear();
    };
  }, []);

  const update = useCallback((id: string, change: Partial<Tile>) => {
    setTiles((current) => current.map((tile) => (tile.id === id ? { ...tile, ...change } : tile)));
  }, []);

  const release = useCallback((tile: Tile | undefined) => {
    if (!tile) return;
    uploads.current.get(tile.id)?.abort();
    uploads.current.delete(tile.id);
    if (tile.url && objectUrls.current.delete(tile.url)) URL.revokeObjectURL(tile.url);
  }, []);

  /** Uploads `file` into the tile `id`, which already shows it. */
  const upload = useCallback(
    (id: string, file: File, type: SlideContentType) => {
      const controller = new AbortController();
      uploads.current.set(id, controller);
      uploadSlide(file, type, (fraction) => update(id, { progress: fraction }), controller.signal).then(
        (key) => {
          if (controller.signal.aborted) return;
          uploads.current.delete(id);
          update(id, { file: key, progress: null, error: null, source: null });
        },
        (error: unknown) => {
          if (controller.signal.aborted) return;
          uploads.current.delete(id);
          if (error instanceof ApiError && error.message === UPLOAD_CANCELLED) return;
          // The fetch client has toasted it; the tile says it until it is retried or deleted.
          update(id, { progress: null, error: error instanceof ApiError ? error.message : 'Upload failed' });
        },
      );
    },
    [update],
  );

  /** A tile showing `file`, its upload started. */
  const tileOf = useCallback(
    (file: File & { type: SlideContentType }, id = newId()): Tile => {
      const url = URL.createObjectURL(file);
      objectUrls.current.add(url);
      upload(id, file, file.type);
      return {
        id,
        file: null,
        type: SLIDE_FILE_KINDS[file.type].file_type,
        url,
        videoLength: null,
        progress: 0,
        error: null,
        source: file,
      };
    },
    [upload],
  );

  const add = (files: File[]): string | null => {
    const problems: string[] = [];
    const fitting: (File & { type: SlideContentType })[] = [];
    const room = MAX_SLIDES - tiles.length;
    for (const file of files) {
      const problem = fileProblem(file);
      if (problem) problems.push(problem);
      else if (fitting.length < room) fitting.push(file as File & { type: SlideContentType });
      else problems.push(`${file.name} was not added: a slideshow holds at most ${MAX_SLIDES} slides`);
    }
    if (fitting.length) {
      const added = fitting.map((file) => tileOf(file));
      setTiles((current) => [...current, ...added]);
    }
    return problems.length ? [...new Set(problems)].join(' ') : null;
  };

  const replace = (id: string, file: File): string | null => {
    const problem = fileProblem(file);
    if (problem) return problem;
    release(tiles.find((tile) => tile.id === id));
    const replaced = tileOf(file as File & { type: SlideContentType }, id);
    setTiles((current) => current.map((tile) => (tile.id === id ? replaced : tile)));
    return null;
  };

  const retry = (id: string) => {
    const tile = tiles.find((t) => t.id === id);
    if (!tile?.source || !isSlideType(tile.source.type)) return;
    update(id, { progress: 0, error: null });
    upload(id, tile.source, tile.source.type);
  };

  const remove = (id: string) => {
    release(tiles.find((tile) => tile.id === id));
    setTiles((current) => current.filter((tile) => tile.id !== id));
  };

  const move = (from: number, to: number) => {
    setTiles((current) => {
      const next = [...current];
      const [moved] = next.splice(from, 1);
      if (moved) next.splice(to, 0, moved);
      return next;
    });
  };

  const markErrors = (errors: ReadonlyMap<string, string>) => {
    setTiles((current) =>
      current.map((tile) => (errors.has(tile.id) ? { ...tile, error: errors.get(tile.id)! } : tile)),
    );
  };

  return {
    tiles,
    uploading: tiles.some((tile) => tile.progress !== null),
    add,
    replace,
    retry,
    remove,
    move,
    markErrors,
  };
}
