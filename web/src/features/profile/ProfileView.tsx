import { Avatar, Button, Flex, Text } from '@aws-amplify/ui-react';
import { isClientMe } from '@shared/me';
import type { Me } from '@shared/schemas/me';
import { fullName } from '../../auth/AuthProvider';
import { DetailRow } from '../../components/DetailRow';

/** Initials for an avatar without a photo. */
export function initials(me: Pick<Me, 'first_name' | 'last_name'>): string {
  return `${me.first_name.charAt(0)}${me.last_name?.charAt(0) ?? ''}`.toUpperCase();
}

/**
 * The read-only profile. The PIN and two-factor authentication (which a client user turns on and
 * off here; every super admin has it) are shown to client users only.
 */
export function ProfileView({
  me,
  onEdit,
  onChangePassword,
  onSecondFactor,
}: {
  me: Me;
  onEdit: () => void;
  onChangePassword: () => void;
  onSecondFactor?: () => void;
}) {
  // A super admin acting as the user may change neither: the server refuses it.
  const acting = isClientMe(me) && !!me.impersonated_by;
  return (
    <Flex direction="column" gap="medium">
      <Flex alignItems="center" gap="medium">
        <Avatar src={me.photo_url ?? undefined} alt={`Photo of ${fullName(me)}`} size="large">
          {initials(me)}
        </Avatar>
        <Text fontSize="large" fontWeight="bold">
          {fullName(me)}
        </Text>
      </Flex>
      <Flex as="dl" direction="column" gap="small" margin="0">
        <DetailRow label="Designation">{me.designation || '—'}</DetailRow>
        <DetailRow label="E-mail">{me.email || '—'}</DetailRow>
        <DetailRow label="Phone">{me.phone_no || '—'}</DetailRow>
        <DetailRow label="Cell">{me.cell_no || '—'}</DetailRow>
        {isClientMe(me) && <DetailRow label="PIN">{me.pin_number || '—'}</DetailRow>}
        {isClientMe(me) && (
          <DetailRow label="Two-factor authentication">{me.mfa_enabled ? 'On' : 'Off'}</DetailRow>
        )}
      </Flex>
      <Flex gap="small">
        <Button variation="primary" onClick={onEdit}>
          Edit
        </Button>
        {!acting && <Button onClick={onChangePassword}>Change password</Button>}
        {!acting && isClientMe(me) && onSecondFactor && (
          <Button onClick={onSecondFactor}>
            {me.mfa_enabled ? 'Turn off two-factor' : 'Turn on two-factor'}
          </Button>
        )}
      </Flex>
    </Flex>
  );
}
