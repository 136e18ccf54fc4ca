import { readFileSync } from 'node:fs';
import path from 'node:path';
import { mp4DurationMs, type ReadRange } from './mp4-duration';

const media = path.resolve(import.meta.dirname, '../../test/fixtures/media');
const fileReader = (name: string) => {
  const bytes = new Uint8Array(readFileSync(path.join(media, name)));
  const reads: Array<[number, number]> = [];
  const read: ReadRange = (start, end) => {
    reads.push([start, end]);
    return Promise.resolve(bytes.slice(start, end + 1));
  };
  return { bytes, read, reads };
};

describe('mp4DurationMs', () => {
  it("reads a video's length from its header", async () => {
    const { bytes, read } = fileReader('clip-3.5s.mp4');
    expect(await mp4DurationMs(read, bytes.length)).toBe(3500);
  });

  it('finds the header after the media data', async () => {
    const { bytes, read } = fileReader('clip-2s-moov-at-end.mp4');
    expect(await mp4DurationMs(read, bytes.length)).toBe(2000);
  });

  it('answers nothing for a file that is not a video', async () => {
    const { bytes, read } = fileReader('slide.png');
    expect(await mp4DurationMs(read, bytes.length)).toBeUndefined();
    const truncated = fileReader('clip-3.5s.mp4');
    expect(await mp4DurationMs(truncated.read, 40)).toBeUndefined();
  });
});
