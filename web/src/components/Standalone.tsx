import { View } from '@aws-amplify/ui-react';
import type { ReactNode } from 'react';

/** The <main> landmark of a page that has no area layout around it. */
export function Standalone({ children }: { children: ReactNode }) {
  return (
    <View as="main" padding="xl">
      {children}
    </View>
  );
}
