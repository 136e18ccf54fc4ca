import type { Theme } from '@aws-amplify/ui-react';

/**
 * The one Amplify UI theme of every screen, as overrides of Amplify's default theme.
 * <ThemeProvider> (App.tsx) builds the whole theme from it and writes its tokens as CSS variables
 * on the element around the app; a theme made here with createTheme() would be built a second
 * time there, 1,600 tokens merged twice on the main thread at every start.
 */
export const theme: Theme = {
  name: 'spaces',
  tokens: {
    colors: {
      // Buttons, links, focus rings and the active menu entry all take this palette.
      primary: {
        10: '{colors.green.10}',
        20: '{colors.green.20}',
        40: '{colors.green.40}',
        60: '{colors.green.60}',
        80: '{colors.green.80}',
        90: '{colors.green.90}',
        100: '{colors.green.100}',
      },
    },
    components: {
      // Each level smaller than the one above it (Amplify's own level 3 is larger than our 2).
      heading: {
        1: { fontSize: '{fontSizes.xxl}' },
        2: { fontSize: '{fontSizes.xl}' },
        3: { fontSize: '{fontSizes.large}' },
        4: { fontSize: '{fontSizes.medium}' },
        5: { fontSize: '{fontSizes.small}' },
        6: { fontSize: '{fontSizes.xs}' },
      },
    },
  },
};
