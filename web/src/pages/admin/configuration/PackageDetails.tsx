import { Button, Flex } from '@aws-amplify/ui-react';
import type { Package } from '../../../../../shared/schemas/packages';
import { DetailRow } from '../../../components/DetailRow';
import { StatusBadge } from '../../../components/StatusBadge';
import { formatDateTime } from '../../../format';
import { packageFlags, packageLimits, packageRoles } from './packageText';

/** Read-only details of one package, with Edit. */
export function PackageDetails({ pkg, onEdit }: { pkg: Package; onEdit: () => void }) {
  return (
    <Flex direction="column" gap="medium">
      <Flex as="dl" direction="column" gap="small" margin="0">
        <DetailRow label="Name">{pkg.name}</DetailRow>
        <DetailRow label="Allowed user roles">{packageRoles(pkg).join(', ')}</DetailRow>
        {packageLimits.map(({ name, label }) => (
          <DetailRow key={name} label={label}>
            {pkg[name]}
          </DetailRow>
        ))}
        {packageFlags.map(({ name, label }) => (
          <DetailRow key={name} label={label}>
            {pkg[name]}
          </DetailRow>
        ))}
        <DetailRow label="Status">
          <StatusBadge status={pkg.status} />
        </DetailRow>
        <DetailRow label="Created">{formatDateTime(pkg.created_at)}</DetailRow>
        <DetailRow label="Updated">{formatDateTime(pkg.updated_at)}</DetailRow>
      </Flex>
      <Flex>
        <Button variation="primary" onClick={onEdit}>
          Edit
        </Button>
      </Flex>
    </Flex>
  );
}
