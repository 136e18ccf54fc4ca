import { createFile, type MP4BoxBuffer, type Movie } from 'mp4box';

/** Reads bytes `start`–`end` (inclusive) of the file. */
export type ReadRange = (start: number, end: number) => Promise<Uint8Array>;

const chunkBytes = 256 * 1024;
/** Enough reads for a file whose `moov` box sits after a large `mdat` (which is skipped, not read). */
const maxReads = 64;

/**
 * A video's length in milliseconds, from its MP4 header (`moov`/`mvhd`), read with mp4box.js a
 * chunk at a time: the parser says where it needs to read next, so a `moov` box written after the
 * media data costs a second read, not the whole file. Undefined when the file has no readable
 * header or no length.
 */
export async function mp4DurationMs(read: ReadRange, size: number): Promise<number | undefined> {
  const file = createFile();
  let movie: Movie | undefined;
  let failed = false;
  file.onReady = (info) => {
    movie = info;
  };
  file.onError = () => {
    failed = true;
  };
  let position = 0;
  for (let reads = 0; reads < maxReads && !movie && !failed && position < size; reads += 1) {
    const bytes = await read(position, Math.min(size, position + chunkBytes) - 1);
    if (bytes.length === 0) break;
    const buffer = bytes.slice().buffer as ArrayBuffer & { fileStart?: number };
    buffer.fileStart = position;
    let next: number;
    try {
      next = file.appendBuffer(buffer as MP4BoxBuffer);
    } catch {
      return undefined;
    }
    position = next > position ? next : position + bytes.length;
  }
  if (!movie) return undefined;
  const seconds = movieSeconds(movie);
  return seconds > 0 ? Math.round(seconds * 1000) : undefined;
}

/** The movie's length: its header's, or for a fragmented file the fragments' or longest track's. */
function movieSeconds(movie: Movie): number {
  if (movie.duration > 0 && movie.timescale > 0) return movie.duration / movie.timescale;
  if (movie.fragment_duration && movie.fragment_duration.den > 0) {
    return movie.fragment_duration.num / movie.fragment_duration.den;
  }
  return Math.max(0, ...movie.tracks.map((t) => (t.timescale > 0 ? t.duration / t.timescale : 0)));
}
