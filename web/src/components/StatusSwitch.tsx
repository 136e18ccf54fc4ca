import { SwitchField } from '@aws-amplify/ui-react';
import { useState } from 'react';
import { toast } from 'sonner';
import type { Status } from '../../../shared/schemas/common';

/**
 * An Active/Inactive toggle that saves at once (admin-and-auth §2): `save` sends the new status;
 * while it runs the switch is busy; when it fails, the switch goes back and `failure` is toasted
 * ('Could not update status' by default, the spec's message).
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
    } catch {
      toast.error(failure, { id: `${label}-${failure}` });
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
