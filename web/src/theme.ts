import { createTheme } from '@aws-amplify/ui-react';

/** The one Amplify UI theme of every screen. */
export const theme = createTheme({
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
      heading: { 1: { fontSize: '{fontSizes.xxl}' }, 2: { fontSize: '{fontSizes.xl}' } },
    },
  },
});
