import { createHash } from 'node:crypto';
import pLimit from 'p-limit';
import * as z from 'zod';
import type { CapAlert } from '@shared/schemas/cap-alerts';
import {
  getFeedItems,
  getSpaceAlertItems,
  getWatchingSpaces,
  listWatchingSpaces,
  feedUrlHash,
  putFeedItems,
  putSpaceAlertItems,
} from './store';
import type { CapFeedItem, SpaceAlertsItem, SpaceItem } from '@core/table/entities';
import { env } from '@core/env';
import { logger } from '@core/logger';
import { inProcessQueue, jobQueue, type JobWorker } from '@core/jobs/queue';
import { MetricName } from '@core/observability/catalogue';
import { countJobItemFailure, countMetric } from '@core/observability/metrics';
import { capDocumentSchema, type CapDocument } from './document';
import { fetchFeed, type FetchOptions } from './fetch';
import { alertsInForce, type SourcedCapDocument } from './in-force';
import { parseCapFeed, type FeedEntry } from './parse';

/**
 * The CAP job (docs/architecture.md §7; docs/product/client-area.md §2 "CAP alert panel"): every minute, each distinct feed URL of
 * the spaces with Active alert feeds is fetched once (a conditional GET), read as a CAP alert or an
 * Atom/RSS index of them, and what it served is kept per URL; then each space's alerts in force are
 * worked out from its URLs' documents and written when they changed. A feed that fails keeps what
 * it served last (until that expires) and records its error for the panel; it does not stop the
 * others, and is tried again next run.
 *
 * The job fans out (docs/architecture.md, "Fan-out jobs"): its planner reads the watching spaces
 * (a Query per shard) and sends their distinct URLs in batches, each URL in one batch only, with the
 * spaces that list them; the worker fetches a batch's feeds, keeps them, and writes the alerts of
 * its spaces. A space whose URLs fell into several batches is written by the batch that completes
 * it: a worker reads the space's other feeds back (strongly consistent) and leaves the space alone
 * while one of them has not been read in this run yet, so that at least one of the batches sees
 * every feed of the space new (each writes its own feeds before it reads the others').
 */

const JOB = 'cap-poll';
/** Feeds fetched at once. */
const feedConcurrency = 16;
/** An index's entries read, at most (the newest first, as feeds list them). */
const maxEntries = 50;
/** An index's entries fetched at once. */
const entryConcurrency = 4;
/** Distinct feed URLs of one message at most. */
const FEEDS_PER_MESSAGE = 20;
/**
 * Spaces one message names at most (about 60 bytes each). A message whose feeds more spaces list
 * names none, and its worker finds them in the index (a Query per shard) instead.
 */
const SPACES_PER_MESSAGE = 1_000;

/** What the job keeps of a feed's documents; checked again when read back. */
const storedDocumentsSchema = z.array(z.object({ url: z.string(), document: capDocumentSchema }));
const storedEntriesSchema = z.array(z.object({ url: z.string(), updated: z.string().nullable() }));
type StoredDocument = z.infer<typeof storedDocumentsSchema>[number];

function storedDocuments(feed: CapFeedItem | undefined): StoredDocument[] {
  if (!feed?.documents) return [];
  const parsed = storedDocumentsSchema.safeParse(feed.documents);
  if (!parsed.success) logger.warn('A stored CAP feed did not validate', { url: feed.url });
  return parsed.success ? parsed.data : [];
}

export interface CapPollReport {
  /** Messages the planner sent (a batch of feed URLs each). */
  messages: number;
  /** Where they went: `in-process`, and the counts are the worker's; `sqs`, and they are in the workers' logs. */
  queue: 'sqs' | 'in-process';
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

interface CapPollOptions {
  now?: Date;
  /** For tests: host names answered with a fixed address (see FetchOptions.resolve). */
  fetchOptions?: Partial<FetchOptions>;
}

const errorText = (error: unknown) => (error instanceof Error ? error.message : 'it could not be read');

/** What the planner sends the worker: a batch of feed URLs and the spaces (account, space) that list them. */
const capMessageSchema = z.object({
  /** When the planner planned: a feed read since then was read in this run. */
  planned_at: z.string().min(1),
  urls: z.array(z.string().min(1)).min(1).max(FEEDS_PER_MESSAGE),
  /** Absent when more than {@link SPACES_PER_MESSAGE} spaces list the batch's feeds. */
  spaces: z
    .array(z.tuple([z.string().min(1), z.string().min(1)]))
    .max(SPACES_PER_MESSAGE)
    .optional(),
});
type CapMessage = z.infer<typeof capMessageSchema>;

/**
 * The planner's work: the watching spaces (a Query per shard of the sparse `capWatch` index) and
 * their distinct URLs in batches of {@link FEEDS_PER_MESSAGE}, a space's new URLs kept in one batch
 * where they fit, each batch with the spaces that list one of its URLs.
 */
async function planCapPoll(
  now = new Date(),
): Promise<{ messages: CapMessage[]; spaces: number; urls: number }> {
  const spaces = await listWatchingSpaces();
  const batchOf = new Map<string, number>();
  const batches: string[][] = [];
  for (const space of spaces) {
    const fresh = [...new Set(space.cap_alert_urls.map(({ url }) => url))].filter((url) => !batchOf.has(url));
    if (!fresh.length) continue;
    let last = batches.at(-1);
    if (!last || last.length + fresh.length > FEEDS_PER_MESSAGE) batches.push((last = []));
    for (const url of fresh) {
      if (last.length === FEEDS_PER_MESSAGE) batches.push((last = []));
      last.push(url);
      batchOf.set(url, batches.length - 1);
    }
  }
  const listing: Array<Array<[string, string]>> = batches.map(() => []);
  for (const space of spaces) {
    for (const index of new Set(space.cap_alert_urls.map(({ url }) => batchOf.get(url)!))) {
      listing[index]!.push([space.account_id, space.space_id]);
    }
  }
  const planned_at = now.toISOString();
  const messages = batches.map((urls, index) => {
    const named = listing[index]!;
    return named.length <= SPACES_PER_MESSAGE ? { planned_at, urls, spaces: named } : { planned_at, urls };
  });
  return { messages, spaces: spaces.length, urls: batchOf.size };
}

type BatchReport = Pick<
  CapPollReport,
  'spaces' | 'urls' | 'read' | 'notModified' | 'failed' | 'entriesFetched' | 'alertsWritten'
>;

/**
 * The worker's work on one message: its feeds fetched (each once) and kept, then the alerts of its
 * spaces whose every feed has been read in this run, written where they changed.
 */
async function pollBatch(message: CapMessage, options: CapPollOptions = {}): Promise<BatchReport> {
  const now = options.now ?? new Date();
  const fetchOptions: FetchOptions = {
    allowPrivateAddresses: env().CAP_ALLOW_PRIVATE_URLS,
    userAgent: 'Spaces CAP reader',
    ...options.fetchOptions,
  };
  const previous = await getFeedItems(message.urls);
  const counts = { read: 0, notModified: 0, failed: 0, entriesFetched: 0 };
  const feeds = await pLimit(feedConcurrency).map(message.urls, async (url) => {
    const polled = await pollFeed(url, previous.get(url), now, fetchOptions);
    counts[polled.outcome] += 1;
    counts.entriesFetched += polled.entriesFetched;
    return polled.item;
  });
  await putFeedItems(feeds);
  countMetric(MetricName.CapFeedsRead, counts.read + counts.notModified);

  const mine = new Set(message.urls);
  const spaces = message.spaces
    ? await getWatchingSpaces(message.spaces.map(([account_id, space_id]) => ({ account_id, space_id })))
    : (await listWatchingSpaces()).filter((space) => space.cap_alert_urls.some(({ url }) => mine.has(url)));
  const byUrl = new Map(feeds.map((feed) => [feed.url, feed]));
  const others = [...new Set(spaces.flatMap((space) => space.cap_alert_urls.map(({ url }) => url)))].filter(
    (url) => !byUrl.has(url),
  );
  const read = await getFeedItems(others, { consistent: true });
  const readThisRun = (url: string) =>
    byUrl.has(url) || (read.get(url)?.checked_at ?? '') >= message.planned_at;
  const complete = spaces.filter((space) => space.cap_alert_urls.every(({ url }) => readThisRun(url)));
  for (const [url, feed] of read) byUrl.set(url, feed);
  const alertsWritten = await saveSpaceAlerts(complete, byUrl, now);
  return { spaces: complete.length, urls: message.urls.length, ...counts, alertsWritten };
}

/** The CAP job's worker: the SQS handler's in AWS (cap-poll-worker.ts), the in-process queue's locally. */
export const capPollWorker: JobWorker<CapMessage, BatchReport, CapPollOptions> = {
  job: JOB,
  schema: capMessageSchema,
  work: (message, options) => pollBatch(message, options),
};

/**
 * One run of the CAP job as scheduled: the planner, whose messages go to the job's queue (SQS in
 * AWS) or, locally, to the worker in this process.
 */
export async function runCapPollJob(
  options: CapPollOptions = {},
  queueOf = jobQueue,
): Promise<CapPollReport> {
  const started = performance.now();
  const now = options.now ?? new Date();
  const run = { read: 0, notModified: 0, failed: 0, entriesFetched: 0, alertsWritten: 0 };
  const queue = queueOf(
    capPollWorker,
    (report) => {
      run.read += report.read;
      run.notModified += report.notModified;
      run.failed += report.failed;
      run.entriesFetched += report.entriesFetched;
      run.alertsWritten += report.alertsWritten;
    },
    // The worker's own time, unless the caller fixed one (a test).
    options,
  );
  const plan = await planCapPoll(now);
  await queue.send(plan.messages);
  return {
    messages: plan.messages.length,
    queue: queue.kind,
    spaces: plan.spaces,
    urls: plan.urls,
    ...run,
    durationMs: Math.round(performance.now() - started),
  };
}

/**
 * One run of the CAP job in this process (the tests, the benches): the planner, then the worker on
 * each message here, whatever the configuration.
 */
export function runCapPoll(options: CapPollOptions = {}): Promise<CapPollReport> {
  return runCapPollJob(options, inProcessQueue);
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
    countJobItemFailure(JOB);
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
function spaceAlerts(
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
