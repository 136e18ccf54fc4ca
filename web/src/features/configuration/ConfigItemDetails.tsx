import type { ConfigItem } from '@shared/schemas/config';
import { DetailRow } from '@web/components/DetailRow';
import { RecordDetails } from '@web/components/RecordDetails';

/** Read-only details of one item, with Edit. */
export function ConfigItemDetails({ item, onEdit }: { item: ConfigItem; onEdit: () => void }) {
  return (
    <RecordDetails record={item} onEdit={onEdit}>
      <DetailRow label="Title">{item.title}</DetailRow>
    </RecordDetails>
  );
}
