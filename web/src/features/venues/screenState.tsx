import { Badge, Text } from '@aws-amplify/ui-react';
import type { Screen } from '@shared/schemas/venues';
import { licenceExpiresSoon } from '@shared/venues';
import { localDay } from '@web/activityTime';
import { DetailRow } from '@web/components/DetailRow';
import { formatDateTime } from '@web/format';
import { formatDay } from './text';

/** A licence's expiry date, marked when it is within the warning window (docs/product/client-area.md §9). */
function LicenceExpiry({ licence }: { licence: Screen['licence'] }) {
  if (!licence) return <Text as="span">No licence</Text>;
  const soon = licenceExpiresSoon(licence.expiration_date, localDay());
  return soon ? (
    <Badge variation="warning">Expires {formatDay(licence.expiration_date)}</Badge>
  ) : (
    <Text as="span">{formatDay(licence.expiration_date)}</Text>
  );
}

/** What a screen's device last said and how long its licence runs: rows of its card and its details. */
export function ScreenStateRows({ screen }: { screen: Screen }) {
  return (
    <>
      <DetailRow label="App version">{screen.app_version ?? '—'}</DetailRow>
      <DetailRow label="Last check-in">
        {screen.last_check_in ? formatDateTime(screen.last_check_in) : 'Never'}
      </DetailRow>
      <DetailRow label="Licence expiration">
        <LicenceExpiry licence={screen.licence} />
      </DetailRow>
    </>
  );
}
