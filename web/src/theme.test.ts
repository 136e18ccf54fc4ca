import { createTheme } from '@aws-amplify/ui-react';
import { theme } from './theme';

/** A font size token's value in rem, following a reference ('var(--amplify-font-sizes-xl)'). */
function rem(value: string, sizes: Record<string, { value: string }>): number {
  const reference = /^var\(--amplify-font-sizes-(\w+)\)$/.exec(value);
  const resolved = reference ? sizes[reference[1]!]!.value : value;
  const match = /^([\d.]+)rem$/.exec(resolved);
  if (!match) throw new Error(`Not a rem size: ${resolved}`);
  return Number(match[1]);
}

describe('the theme', () => {
  it('draws each heading level smaller than the one above it', () => {
    const { tokens } = createTheme(theme);
    const sizes = tokens.fontSizes as unknown as Record<string, { value: string }>;
    const heading = tokens.components.heading as unknown as Record<number, { fontSize: { value: string } }>;
    const levels = [1, 2, 3, 4, 5, 6].map((level) => rem(heading[level]!.fontSize.value, sizes));
    for (let level = 1; level < levels.length; level++) {
      expect(levels[level], `h${level + 1} below h${level}`).toBeLessThan(levels[level - 1]!);
    }
  });
});
