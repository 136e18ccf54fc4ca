/* What a room screen shows besides the schedule: slideshows and emergency alerts (CAP). */
import { Entity } from 'electrodb';
import { key, model, timestamps } from './parts';

/**
 * A slideshow of a space. Its slides (at most 15) live in the item, in play order; each names its
 * file's key in the uploads bucket, and each file has a guard `ACCOUNT#<id>#SLIDEFILE` /
 * `GUARD#<key>#` so that one file belongs to one slideshow (deleting it never breaks another).
 */
export const slideshowEntity = new Entity({
  model: model('slideshow'),
  attributes: {
    account_id: { type: 'string', required: true },
    space_id: { type: 'string', required: true },
    slideshow_id: { type: 'string', required: true },
    name: { type: 'string', required: true },
    transition: { type: 'string', required: true },
    /** `hh:mm:ss`: how long an image slide shows. */
    duration: { type: 'string', required: true },
    randomize: { type: 'number', required: true, default: 0 },
    /** 1 for the space's active slideshow (the space's `slideshow_id`), else 0. */
    slideshow_status: { type: 'number', required: true, default: 0 },
    slides: {
      type: 'list',
      required: true,
      default: () => [],
      items: {
        type: 'map',
        properties: {
          file: { type: 'string', required: true },
          file_format: { type: ['png', 'jpeg', 'mp4'] as const, required: true },
          file_type: { type: ['image', 'video'] as const, required: true },
          /** A video's length as its MP4 header gives it. */
          duration_ms: { type: 'number' },
          size: { type: 'number', required: true },
        },
      },
    },
    version: { type: 'number', required: true, default: 0 },
    ...timestamps,
  },
  indexes: {
    bySpace: {
      pk: key('pk', ['account_id'], 'ACCOUNT#${account_id}#'),
      sk: key('sk', ['space_id', 'slideshow_id'], 'SLIDESHOW#${space_id}#${slideshow_id}#'),
    },
  },
});

/**
 * What the CAP job last read from one feed URL, shared by every space that lists it (the job
 * fetches each distinct URL once a run): the validators for a conditional GET, the CAP documents
 * it served (checked with `capDocumentSchema` when read back), and the last error.
 */
export const capFeedEntity = new Entity({
  model: model('capFeed'),
  attributes: {
    /** SHA-256 of the URL, hex. */
    url_hash: { type: 'string', required: true },
    url: { type: 'string', required: true },
    etag: { type: 'string' },
    last_modified: { type: 'string' },
    checked_at: { type: 'string' },
    read_at: { type: 'string' },
    error: { type: 'string' },
    /** `[{ url, document }]`: each CAP document served, with the URL it was read from. */
    documents: { type: 'any' },
    /** For an Atom/RSS index: its entries' CAP URLs with their `updated`, to fetch only new ones. */
    entries: { type: 'any' },
    ...timestamps,
  },
  indexes: {
    byUrl: {
      pk: key('pk', ['url_hash'], 'CAPFEED#${url_hash}#'),
      sk: key('sk', [], 'CAPFEED#'),
    },
  },
});

/** The alerts in force for a space, as the CAP job last found them: one GetItem for a screen's poll. */
export const spaceAlertsEntity = new Entity({
  model: model('spaceAlerts'),
  attributes: {
    account_id: { type: 'string', required: true },
    space_id: { type: 'string', required: true },
    /** CapAlert[] (shared/schemas/cap-alerts.ts), checked when read back. */
    alerts: { type: 'any', required: true },
    /** A digest of the alerts, so the job writes only when they change. */
    digest: { type: 'string', required: true },
    ...timestamps,
  },
  indexes: {
    bySpace: {
      pk: key('pk', ['account_id'], 'ACCOUNT#${account_id}#'),
      sk: key('sk', ['space_id'], 'CAPALERTS#${space_id}#'),
    },
  },
});
