import { View } from '@aws-amplify/ui-react';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { requestActivity } from '../api/client';

/** How long the bar stays after the last request ends (docs/product/client-area.md §9). */
export const PROGRESS_HIDE_DELAY_MS = 300;

/** A thin bar at the top while requests are in flight; it hides 300 ms after the last one ends. */
export function ProgressBar() {
  const busy = useSyncExternalStore(requestActivity.subscribe, requestActivity.get, requestActivity.get) > 0;
  const [wasBusy, setWasBusy] = useState(busy);
  const [lingering, setLingering] = useState(false);

  if (busy !== wasBusy) {
    setWasBusy(busy);
    setLingering(!busy);
  }

  useEffect(() => {
    if (!lingering) return;
    const timer = setTimeout(() => setLingering(false), PROGRESS_HIDE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [lingering]);

  if (!busy && !lingering) return null;
  return (
    <View
      role="progressbar"
      aria-label="Loading"
      className="spaces-progress"
      position="fixed"
      top="0"
      left="0"
      width="100%"
      height="3px"
      backgroundColor="primary.60"
      style={{ zIndex: 50 }}
    />
  );
}
