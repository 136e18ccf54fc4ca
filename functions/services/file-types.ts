/** The file types uploads may carry, told by their first bytes rather than by name or header. */
const signatures: Array<{ type: 'image/png' | 'image/jpeg'; bytes: number[] }> = [
  { type: 'image/png', bytes: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] },
  { type: 'image/jpeg', bytes: [0xff, 0xd8, 0xff] },
];

export type SniffedType = (typeof signatures)[number]['type'];

/** The number of leading bytes {@link sniffType} needs. */
export const sniffLength = 16;

export function sniffType(head: Uint8Array): SniffedType | undefined {
  return signatures.find((s) => s.bytes.every((byte, i) => head[i] === byte))?.type;
}
