import type { Package } from '@shared/schemas/packages';
import { DetailRow } from '@web/components/DetailRow';
import { RecordDetails } from '@web/components/RecordDetails';
import { packageFlags, packageLimits, packageRoles } from './packageText';

/** Read-only details of one package, with Edit. */
export function PackageDetails({ pkg, onEdit }: { pkg: Package; onEdit: () => void }) {
  return (
    <RecordDetails record={pkg} onEdit={onEdit}>
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
    </RecordDetails>
  );
}
