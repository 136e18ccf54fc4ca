import { Avatar, Button, Flex, Text } from '@aws-amplify/ui-react';
import { isClientMe } from '../../../../shared/me';
import type { Me } from '../../../../shared/schemas/me';
import { fullName } from '../../auth/AuthProvider';
import { DetailRow } from '../../components/DetailRow';

/** Initials for an avatar without a photo. */
export function initials(me: Pick<Me, 'first_name' | 'last_name'>): string {
  return `${me.first_name.charAt(0)}${me.last_name?.charAt(0) ?? ''}`.toUpperCase();
}

/** The read-only profile. The PIN is shown to client users only. */
export function ProfileView({
  me,
  onEdit,
  onChangePassword,
}: {
  me: Me;
  onEdit: () => void;
  onChangePassword: () => void;
}) {
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
      </Flex>
      <Flex gap="small">
        <Button variation="primary" onClick={onEdit}>
          Edit
        </Button>
        {/* A super admin acting as the user may not change their password: the server refuses it. */}
        {!(isClientMe(me) && me.impersonated_by) && (
          <Button onClick={onChangePassword}>Change password</Button>
        )}
      </Flex>
    </Flex>
  );
}
