import { createHash } from 'node:crypto';
import pLimit from 'p-limit';
import * as z from 'zod';
import type { CapAlert } from '../../shared/schemas/cap-alerts';
import {
  getFeedItems,
  getSpaceAlertItems,
  listWatchingSpaces,
  feedUrlHash,
  putFeedItems,
  putSpaceAlertItems,
} from '../data/cap-alerts';
import type { CapFeedItem, SpaceAlertsItem, SpaceItem } from '../data/entities';
import { env } from '../env';
import { logger } from '../http/logger';
import { capDocumentSchema, type CapDocument } from './cap/document';
import { fetchFeed, type FetchOptions } from './cap/fetch';
import { alertsInForce, type SourcedCapDocument } from './cap/in-force';
import { parseCapFeed, type FeedEntry } from './cap/parse';

/**
 * The CAP job (DESIGN §7; client-area §2 "CAP alert panel"): every minute, each distinct feed URL of
 * the spaces with Active alert feeds is fetched once (a conditional GET), read as a CAP alert or an
 * Atom/RSS index of them, and what it served is kept per URL; then each space's alerts in force are
 * worked out from its URLs' documents and written when they changed. A feed that fails keeps what
 * it served last (until that expires) and records its error for the panel; it does not stop the
 * others, and is tried again next run.
 */

/** Feeds fetched at once. */
const feedConcurrency = 16;
/** An index's entries read, at most (the newest first, as feeds list them). */
const maxEntries = 50;
/** An index's entries fetched at once. */
const entryConcurrency = 4;

/** What the job keeps of a feed's documents; checked again when read back. */
const storedDocumentsSchema = z.array(z.object({ url: z.string(), document: capDocumentSchema }));
const storedEntriesSchema = z.array(z.object({ url: z.string(), updated: z.string().nullable() }));
type StoredDocument = z.infer<typeof storedDocumentsSchema>[number];

export function storedDocuments(feed: CapFeedItem | undefined): StoredDocument[] {
  if (!feed?.documents) return [];
  const parsed = storedDocumentsSchema.safeParse(feed.documents);
  if (!parsed.success) logger.warn('A stored CAP feed did not validate', { url: feed.url });
  return parsed.success ? parsed.data : [];
}

export interface CapPollReport {
  spaces: number;
  urls: number;
  /** Feeds that answered with a body. */
  read: number;
  /** Feeds that answered 304 Not Modified. */
  notModified: number;
  failed: number;
  /** Entry documents of indexes fetched. */
  entriesFetched: number;
  alertsWritten: number;
  durationMs: number;
}

export interface CapPollOptions {
  now?: Date;
  /** For tests: host names answered with a fixed address (see FetchOptions.resolve). */
  fetchOptions?: Partial<FetchOptions>;
}

const errorText = (error: unknown) => (error instanceof Error ? error.message : 'it could not be read');

/** One run of the job. */
export async function runCapPoll(options: CapPollOptions = {}): Promise<CapPollReport> {
  const started = performance.now();
  const now = options.now ?? new Date();
  const fetchOptions: FetchOptions = {
    allowPrivateAddresses: env().CAP_ALLOW_PRIVATE_URLS,
    userAgent: 'Spaces CAP reader',
    ...options.fetchOptions,
  };
  const spaces = await listWatchingSpaces();
  const urls = [...new Set(spaces.flatMap((space) => space.cap_alert_urls.map(({ url }) => url)))];
  const previous = await getFeedItems(urls);
  const counts = { read: 0, notModified: 0, failed: 0, entriesFetched: 0 };

  const feeds = await pLimit(feedConcurrency).map(urls, async (url) => {
    const polled = await pollFeed(url, previous.get(url), now, fetchOptions);
    counts[polled.outcome] += 1;
    counts.entriesFetched += polled.entriesFetched;
    return polled.item;
  });
  await putFeedItems(feeds);

  const byUrl = new Map(feeds.map((feed) => [feed.url, feed]));
  const alertsWritten = await saveSpaceAlerts(spaces, byUrl, now);
  return {
    spaces: spaces.length,
    urls: urls.length,
    ...counts,
    alertsWritten,
    durationMs: Math.round(performance.now() - started),
  };
}

/** Fetches one feed URL and what it links to; answers what to keep of it. Never throws. */
async function pollFeed(
  url: string,
  previous: CapFeedItem | undefined,
  now: Date,
  fetchOptions: FetchOptions,
): Promise<{ item: CapFeedItem; outcome: 'read' | 'notModified' | 'failed'; entriesFetched: number }> {
  const at = now.toISOString();
  const kept: CapFeedItem = {
    url_hash: feedUrlHash(url),
    url,
    etag: previous?.etag,
    last_modified: previous?.last_modified,
    read_at: previous?.read_at,
    documents: previous?.documents ?? [],
    entries: previous?.entries,
    checked_at: at,
    created_at: previous?.created_at ?? at,
    updated_at: at,
  };
  try {
    const answer = await fetchFeed(
      url,
      { etag: previous?.etag, lastModified: previous?.last_modified },
      fetchOptions,
    );
    if (answer.status === 'not-modified') {
      return { item: { ...kept, read_at: at, error: undefined }, outcome: 'notModified', entriesFetched: 0 };
    }
    const validators = { etag: answer.etag ?? undefined, last_modified: answer.lastModified ?? undefined };
    const parsed = parseCapFeed(answer.bytes, answer.contentType ?? undefined, url);
    if (parsed.kind === 'alert') {
      const documents: StoredDocument[] = [{ url, document: parsed.document }];
      return {
        item: { ...kept, ...validators, documents, entries: undefined, read_at: at, error: undefined },
        outcome: 'read',
        entriesFetched: 0,
      };
    }
    const read = await readEntries(parsed.entries.slice(0, maxEntries), previous, fetchOptions);
    const documents: StoredDocument[] = [
      ...parsed.inline.map((document) => ({ url, document })),
      ...read.documents,
    ];
    const error = read.errors.length
      ? `${read.errors.length} of ${parsed.entries.length} alerts could not be read: ${read.errors[0]}`
      : undefined;
    return {
      item: { ...kept, ...validators, documents, entries: read.entries, read_at: at, error },
      outcome: 'read',
      entriesFetched: read.fetched,
    };
  } catch (error) {
    logger.warn('A CAP feed could not be read', { url, error: errorText(error) });
    return { item: { ...kept, error: errorText(error) }, outcome: 'failed', entriesFetched: 0 };
  }
}

/**
 * The CAP documents an index links to. An entry read before with the same `updated` is not fetched
 * again; one that fails keeps what it gave last.
 */
async function readEntries(
  entries: FeedEntry[],
  previous: CapFeedItem | undefined,
  fetchOptions: FetchOptions,
) {
  const before = new Map(storedDocuments(previous).map((d) => [d.url, d.document]));
  const parsedEntries = storedEntriesSchema.safeParse(previous?.entries ?? []);
  const updatedBefore = new Map(
    (parsedEntries.success ? parsedEntries.data : []).map((e) => [e.url, e.updated]),
  );
  const errors: string[] = [];
  let fetched = 0;
  const documents = await pLimit(entryConcurrency).map(
    entries,
    async (entry): Promise<StoredDocument | undefined> => {
      const known = before.get(entry.url);
      if (known && updatedBefore.has(entry.url) && updatedBefore.get(entry.url) === entry.updated) {
        return { url: entry.url, document: known };
      }
      try {
        fetched += 1;
        const answer = await fetchFeed(entry.url, {}, fetchOptions);
        if (answer.status !== 'ok') return known && { url: entry.url, document: known };
        const parsed = parseCapFeed(answer.bytes, answer.contentType ?? undefined, entry.url);
        if (parsed.kind !== 'alert') throw new Error('the entry links to a feed, not an alert');
        return { url: entry.url, document: parsed.document };
      } catch (error) {
        errors.push(errorText(error));
        return known && { url: entry.url, document: known };
      }
    },
  );
  return {
    documents: documents.filter((d): d is StoredDocument => d !== undefined),
    entries: entries.map(({ url, updated }) => ({ url, updated })),
    errors,
    fetched,
  };
}

/** The alerts in force of a space from its feeds' documents. */
export function spaceAlerts(
  urls: readonly string[],
  feeds: ReadonlyMap<string, CapFeedItem>,
  now: Date,
): CapAlert[] {
  const documents: SourcedCapDocument[] = urls.flatMap((sourceUrl) =>
    storedDocuments(feeds.get(sourceUrl)).map(({ document }: { document: CapDocument }) => ({
      sourceUrl,
      document,
    })),
  );
  return alertsInForce(documents, now);
}

const digestOf = (alerts: CapAlert[]) =>
  createHash('sha256').update(JSON.stringify(alerts)).digest('base64url');

/** Writes each space's alerts item whose alerts changed; answers how many were written. */
async function saveSpaceAlerts(
  spaces: SpaceItem[],
  feeds: ReadonlyMap<string, CapFeedItem>,
  now: Date,
): Promise<number> {
  const existing = await getSpaceAlertItems(spaces);
  const at = now.toISOString();
  const changed: SpaceAlertsItem[] = [];
  for (const space of spaces) {
    const alerts = spaceAlerts(
      space.cap_alert_urls.map(({ url }) => url),
      feeds,
      now,
    );
    const digest = digestOf(alerts);
    const before = existing.get(space.space_id);
    if (before?.digest === digest) continue;
    changed.push({
      account_id: space.account_id,
      space_id: space.space_id,
      alerts,
      digest,
      created_at: before?.created_at ?? at,
      updated_at: at,
    });
  }
  await putSpaceAlertItems(changed);
  return changed.length;
}
