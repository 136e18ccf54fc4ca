import { lazy, Suspense } from 'react';
import { PageLoader } from '@web/components/PageLoader';
import type { EventPanelProps } from './state';

// The panels, with the form's libraries (react-hook-form, zod and the recurrence rules), load when
// one first opens, not with the calendar.
const EventPanels = lazy(() => import('./EventPanels').then((m) => ({ default: m.EventPanels })));

/** The open panel of the Events section, if any. */
export function EventPanelHost(props: EventPanelProps) {
  if (props.panel.kind === 'closed') return null;
  return (
    <Suspense fallback={<PageLoader />}>
      <EventPanels {...props} />
    </Suspense>
  );
}
