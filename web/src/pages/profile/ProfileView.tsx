import { Avatar, Button, Flex, Text } from '@aws-amplify/ui-react';
import { isClientMe, type Me } from '../../../../shared/schemas/me';
import { fullName } from '../../auth/AuthProvider';

/** Initials for an avatar without a photo. */
export function initials(me: Pick<Me, 'first_name' | 'last_name'>): string {
  return `${me.first_name.charAt(0)}${me.last_name?.charAt(0) ?? ''}`.toUpperCase();
}

function Row({ label, value }: { label: string; value: string | null | undefined }) {
  return (
    <Flex direction="column" gap="0">
      <Text as="dt" fontSize="small" color="font.secondary">
        {label}
      </Text>
      <Text as="dd" margin="0">
        {value || '—'}
      </Text>
    </Flex>
  );
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
        <Row label="Designation" value={me.designation} />
        <Row label="E-mail" value={me.email} />
        <Row label="Phone" value={me.phone_no} />
        <Row label="Cell" value={me.cell_no} />
        {isClientMe(me) && <Row label="PIN" value={me.pin_number} />}
      </Flex>
      <Flex gap="small">
        <Button variation="primary" onClick={onEdit}>
          Edit
        </Button>
        <Button onClick={onChangePassword}>Change password</Button>
      </Flex>
    </Flex>
  );
}
