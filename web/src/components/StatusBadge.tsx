import { Badge } from '@aws-amplify/ui-react';
import type { Status } from '@shared/schemas/common';

/** Active in the success style, any other status (Inactive, Expired, Declined) in the plain one. */
export function StatusBadge({ status }: { status: Status | string }) {
  return <Badge variation={status === 'Active' ? 'success' : undefined}>{status}</Badge>;
}
