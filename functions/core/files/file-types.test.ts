import { sniffType } from './file-types';

const bytes = (...b: number[]) => new Uint8Array([...b, ...new Array(16 - b.length).fill(0)]);

describe('sniffType', () => {
  it('recognises PNG and JPEG by their first bytes', () => {
    expect(sniffType(bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a))).toBe('image/png');
    expect(sniffType(bytes(0xff, 0xd8, 0xff, 0xe0))).toBe('image/jpeg');
  });

  it('refuses other files, whatever their name would say', () => {
    expect(sniffType(new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg">'))).toBeUndefined();
    expect(sniffType(bytes(0x47, 0x49, 0x46, 0x38))).toBeUndefined(); // GIF
    expect(sniffType(new Uint8Array([0x89, 0x50]))).toBeUndefined(); // truncated PNG
  });
});

describe('sniffType for videos', () => {
  const box = (brand: string) =>
    new Uint8Array([
      0,
      0,
      0,
      0x20,
      ...new TextEncoder().encode('ftyp'),
      ...new TextEncoder().encode(brand),
      0,
      0,
      0,
      0,
    ]);

  it('recognises an MP4 by its ftyp box', () => {
    expect(sniffType(box('isom'))).toBe('video/mp4');
    expect(sniffType(box('mp42'))).toBe('video/mp4');
  });

  it('refuses a QuickTime movie and a file that only mentions ftyp later', () => {
    expect(sniffType(box('qt  '))).toBeUndefined();
    expect(sniffType(new TextEncoder().encode('hello ftypisom and more'))).toBeUndefined();
  });
});
