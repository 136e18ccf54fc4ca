/** The file types uploads may carry, told by their first bytes rather than by name or header. */
const signatures: Array<{ type: 'image/png' | 'image/jpeg'; bytes: number[] }> = [
  { type: 'image/png', bytes: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] },
  { type: 'image/jpeg', bytes: [0xff, 0xd8, 0xff] },
];

export type SniffedType = 'image/png' | 'image/jpeg' | 'video/mp4';

/** The number of leading bytes {@link sniffType} needs. */
export const sniffLength = 16;

const ascii = (head: Uint8Array, from: number, to: number) => String.fromCharCode(...head.subarray(from, to));

/**
 * An MP4 (ISO base media file) starts with its `ftyp` box: a 32-bit size, `ftyp`, then the major
 * brand. QuickTime movies share the layout with the brand `qt  `; they are not MP4s.
 */
function isMp4(head: Uint8Array): boolean {
  if (head.length < 12 || ascii(head, 4, 8) !== 'ftyp') return false;
  const size = ((head[0]! << 24) | (head[1]! << 16) | (head[2]! << 8) | head[3]!) >>> 0;
  return size >= 16 && ascii(head, 8, 12) !== 'qt  ';
}

export function sniffType(head: Uint8Array): SniffedType | undefined {
  if (isMp4(head)) return 'video/mp4';
  return signatures.find((s) => s.bytes.every((byte, i) => head[i] === byte))?.type;
}
