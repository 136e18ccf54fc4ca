import { Entity } from 'electrodb';
import { key, model, status, timestamps } from './parts';

export const configItemEntity = new Entity({
  model: model('configItem'),
  attributes: {
    kind: { type: ['amenities', 'venueTypes', 'spaceTypes'] as const, required: true },
    item_id: { type: 'string', required: true },
    title: { type: 'string', required: true },
    status,
    ...timestamps,
  },
  indexes: {
    byKind: {
      pk: key('pk', ['kind'], 'CONFIG#${kind}#'),
      sk: key('sk', ['item_id'], 'ITEM#${item_id}#'),
    },
  },
});
