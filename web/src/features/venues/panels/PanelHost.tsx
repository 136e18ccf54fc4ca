import { lazy, Suspense } from 'react';
import { PageLoader } from '@web/components/PageLoader';
import type { Access } from '../access';

// The panels load when one first opens, not with the page.
const Panels = lazy(() => import('./Panels').then((m) => ({ default: m.Panels })));

import type { CurrentItems, PanelState } from './state';

export { closedPanel, type CurrentItems, type PanelState } from './state';

/** The open panel, if any: what `panel` names (the Venues area's and the dashboard's). */
export function PanelHost(props: {
  access: Access;
  panel: PanelState;
  setPanel: (next: PanelState) => void;
  current?: CurrentItems;
}) {
  if (props.panel.kind === 'closed') return null;
  return (
    <Suspense fallback={<PageLoader />}>
      <Panels {...props} />
    </Suspense>
  );
}
