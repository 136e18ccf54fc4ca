import { SwitchField } from '@aws-amplify/ui-react';
import { useState } from 'react';
import { toast } from 'sonner';
import type { Status } from '@shared/schemas/common';
import { ApiError } from '../api/client';

/**
 * An Active/Inactive toggle that saves at once (docs/product/admin-and-auth.md §2): `save` sends the new status;
 * while it runs the switch is busy; when it fails, the switch goes back and one toast says so:
 * `failure` as its title ('Could not update status' by default, docs/product/admin-and-auth.md §8) and the
 * server's message as its description (docs/product/client-area.md §8). `save` must therefore send its request
 * with `toastErrors: false`, or the fetch client would toast the message a second time.
 */
export function StatusSwitch({
  status,
  label,
  save,
  isDisabled = false,
  failure = 'Could not update status',
}: {
  status: Status;
  /** Accessible name, e.g. "Status of Olivia Owner". */
  label: string;
  save: (next: Status) => Promise<unknown>;
  isDisabled?: boolean;
  failure?: string;
}) {
  const [pending, setPending] = useState<Status | null>(null);
  const shown = pending ?? status;
  const toggle = async (checked: boolean) => {
    const next: Status = checked ? 'Active' : 'Inactive';
    setPending(next);
    try {
      await save(next);
    } catch (error) {
      // A 401 ends the session (the fetch client): nothing to say here.
      if (!(error instanceof ApiError && error.status === 401)) {
        toast.error(failure, {
          id: `${label}-${failure}`,
          description: error instanceof ApiError ? error.message : undefined,
        });
      }
    } finally {
      setPending(null);
    }
  };
  return (
    <SwitchField
      label={label}
      isLabelHidden
      isChecked={shown === 'Active'}
      isDisabled={isDisabled || pending !== null}
      onChange={(event) => void toggle(event.target.checked)}
      trackCheckedColor="green.60"
    />
  );
}
