import { Avatar, Button, Flex, Heading, Loader, SelectField, SwitchField, Text } from '@aws-amplify/ui-react';
import { useId, useState } from 'react';
import { toast } from 'sonner';
import type { Assignment } from '@shared/schemas/venues';
import type { AssignmentPermission } from '@shared/venues';
import type { ApiReply } from '@web/api/client';
import { initials, personName } from '@web/format';

type Person = Assignment['user'];

/**
 * The people assigned to a venue (its Venue Managers) or a space (its Event Coordinators), each
 * with an Approved/Denied switch that saves at once, and a picker that adds one of the account's
 * people not yet on it, Approved (docs/product/client-area.md §2 "Venue form", "Space form"; §4). The fetch
 * client toasts a refusal; the switch then goes back.
 */
export function Assignments({
  title,
  noun,
  assignments,
  available,
  setPermission,
  assign,
  revalidate,
}: {
  /** 'Venue managers'. */
  title: string;
  /** 'venue manager': what the picker adds. */
  noun: string;
  assignments: Assignment[] | undefined;
  available: Person[] | undefined;
  setPermission: (userId: string, permission: AssignmentPermission) => Promise<ApiReply<Assignment>>;
  assign: (userId: string) => Promise<ApiReply<Assignment>>;
  revalidate: () => Promise<unknown>;
}) {
  const headingId = useId();
  const [chosen, setChosen] = useState('');
  const [adding, setAdding] = useState(false);

  const add = async () => {
    if (!chosen) return;
    setAdding(true);
    try {
      const reply = await assign(chosen);
      toast.success(reply.message ?? 'Saved');
      setChosen('');
      await revalidate();
    } catch {
      // Toasted by the fetch client.
    } finally {
      setAdding(false);
    }
  };

  return (
    <Flex as="section" aria-labelledby={headingId} direction="column" gap="small" marginTop="large">
      <Heading level={3} id={headingId}>
        {title}
      </Heading>
      {!assignments ? (
        <Loader ariaLabel={`Loading ${title.toLowerCase()}`} />
      ) : assignments.length === 0 ? (
        <Text color="font.secondary">None assigned yet.</Text>
      ) : (
        <Flex as="ul" direction="column" gap="xs" padding="0" margin="0" style={{ listStyle: 'none' }}>
          {assignments.map((assignment) => (
            <li key={assignment.user.id}>
              <Flex alignItems="center" gap="small">
                <Avatar size="small" src={assignment.user.photo_url ?? undefined} alt="">
                  {initials(assignment.user)}
                </Avatar>
                <Flex direction="column" gap="0" flex="1">
                  <Text>{personName(assignment.user)}</Text>
                  <Text fontSize="small" color="font.secondary">
                    {assignment.user.email}
                  </Text>
                </Flex>
                <PermissionSwitch
                  person={assignment.user}
                  permission={assignment.permission}
                  save={async (next) => {
                    const reply = await setPermission(assignment.user.id, next);
                    toast.success(reply.message ?? 'Permission updated');
                    await revalidate();
                  }}
                />
              </Flex>
            </li>
          ))}
        </Flex>
      )}
      {available && available.length > 0 && (
        <Flex alignItems="flex-end" gap="small">
          <SelectField
            label={`Add ${noun}`}
            placeholder={`Choose a ${noun}`}
            value={chosen}
            onChange={(event) => setChosen(event.target.value)}
            flex="1"
          >
            {available.map((person) => (
              <option key={person.id} value={person.id}>
                {personName(person)} ({person.email})
              </option>
            ))}
          </SelectField>
          <Button onClick={() => void add()} isDisabled={!chosen} isLoading={adding} loadingText="Adding">
            Add
          </Button>
        </Flex>
      )}
      {available && available.length === 0 && (
        <Text fontSize="small" color="font.secondary">
          Everyone who could be added is on it already.
        </Text>
      )}
    </Flex>
  );
}

/** Approved (on) or Denied (off), saved at once; back to what it was when the save fails. */
function PermissionSwitch({
  person,
  permission,
  save,
}: {
  person: Person;
  permission: AssignmentPermission;
  save: (next: AssignmentPermission) => Promise<unknown>;
}) {
  const [pending, setPending] = useState<AssignmentPermission | null>(null);
  const shown = pending ?? permission;
  const toggle = async (checked: boolean) => {
    const next: AssignmentPermission = checked ? 'Approved' : 'Denied';
    setPending(next);
    try {
      await save(next);
    } catch {
      // Toasted by the fetch client; the switch goes back.
    } finally {
      setPending(null);
    }
  };
  return (
    <Flex alignItems="center" gap="xs">
      <SwitchField
        label={`Permission of ${personName(person)}`}
        isLabelHidden
        isChecked={shown === 'Approved'}
        isDisabled={pending !== null}
        onChange={(event) => void toggle(event.target.checked)}
        trackCheckedColor="green.60"
      />
      <Text fontSize="small" minWidth="5rem" aria-hidden>
        {shown}
      </Text>
    </Flex>
  );
}
