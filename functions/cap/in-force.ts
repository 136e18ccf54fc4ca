import { createHash } from 'node:crypto';
import { capSeverities, type CapAlert } from '@shared/schemas/cap-alerts';
import type { CapDocument, CapInfo } from './document';

/** A CAP document as read, and the feed URL it was read from. */
export type SourcedCapDocument = { sourceUrl: string; document: CapDocument };

/** A message's identity: its sender and identifier (CAP's key for references). */
const messageKey = (sender: string, identifier: string) => JSON.stringify([sender, identifier]);

/** Stable across polls and opaque: a hash of sender, identifier and the info block's position. */
export function capAlertId(sender: string, identifier: string, infoIndex: number): string {
  return createHash('sha256')
    .update(JSON.stringify([sender, identifier, infoIndex]))
    .digest('base64url')
    .slice(0, 22);
}

/**
 * The alerts in force at `now` among the documents a space's feeds gave, the most severe first, then
 * the newest sent first. The rules:
 * - a message read more than once (from two URLs, or twice) counts once: the newest `sent`, else the
 *   first read;
 * - an Actual Update or Cancel ends every message it references (by sender and identifier);
 * - only Actual, Public Alerts and Updates are shown, a Cancel never;
 * - each `<info>` block is one alert, shown from its `effective` (else the message's `sent`) until its
 *   `expires` (none: until ended); `onset` is shown, not used (a warning comes before its event);
 * - a message with blocks in more than one language shows only its English ones (`en`, `en-*`), when
 *   it has any, so a panel does not repeat the same alert in French.
 */
export function alertsInForce(documents: SourcedCapDocument[], now: Date): CapAlert[] {
  const nowMs = now.getTime();

  const messages = new Map<string, SourcedCapDocument>();
  for (const read of documents) {
    const key = messageKey(read.document.sender, read.document.identifier);
    const seen = messages.get(key);
    if (!seen || Date.parse(read.document.sent) > Date.parse(seen.document.sent)) messages.set(key, read);
  }

  const ended = new Set<string>();
  for (const { document } of messages.values()) {
    if (document.status !== 'Actual') continue;
    if (document.msgType !== 'Update' && document.msgType !== 'Cancel') continue;
    for (const reference of document.references)
      ended.add(messageKey(reference.sender, reference.identifier));
  }

  const alerts: Array<{ alert: CapAlert; sentMs: number; index: number }> = [];
  for (const { sourceUrl, document } of messages.values()) {
    const { msgType } = document;
    if (document.status !== 'Actual' || document.scope !== 'Public') continue;
    if (msgType !== 'Alert' && msgType !== 'Update') continue;
    if (ended.has(messageKey(document.sender, document.identifier))) continue;
    for (const [index, info] of shownInfos(document.infos)) {
      if (!inForce(info, document.sent, nowMs)) continue;
      alerts.push({
        alert: toAlert(document, msgType, info, index, sourceUrl),
        sentMs: Date.parse(document.sent),
        index,
      });
    }
  }

  return alerts
    .sort(
      (a, b) =>
        capSeverities.indexOf(a.alert.severity) - capSeverities.indexOf(b.alert.severity) ||
        b.sentMs - a.sentMs ||
        compare(a.alert.sender, b.alert.sender) ||
        compare(a.alert.identifier, b.alert.identifier) ||
        a.index - b.index,
    )
    .map(({ alert }) => alert);
}

const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** The info blocks shown, with their positions: English ones only when the message has several languages. */
function shownInfos(infos: CapInfo[]): Array<[number, CapInfo]> {
  const indexed = infos.map((info, index): [number, CapInfo] => [index, info]);
  const languages = new Set(infos.map((info) => info.language.toLowerCase()));
  if (languages.size < 2) return indexed;
  const english = indexed.filter(([, info]) => /^en(-|$)/i.test(info.language));
  return english.length > 0 ? english : indexed;
}

/** From `effective` (else the message's `sent`), until `expires` (exclusive; none: no end). */
function inForce(info: CapInfo, sent: string, nowMs: number): boolean {
  const from = Date.parse(info.effective ?? sent);
  const until = info.expires === null ? Infinity : Date.parse(info.expires);
  return from <= nowMs && nowMs < until;
}

function toAlert(
  document: CapDocument,
  msgType: 'Alert' | 'Update',
  info: CapInfo,
  index: number,
  sourceUrl: string,
): CapAlert {
  return {
    id: capAlertId(document.sender, document.identifier, index),
    identifier: document.identifier,
    sender: document.sender,
    sent: document.sent,
    msg_type: msgType,
    language: info.language,
    event: info.event,
    headline: info.headline,
    severity: info.severity,
    urgency: info.urgency,
    certainty: info.certainty,
    description: info.description,
    instruction: info.instruction,
    area_desc: info.areaDesc,
    sender_name: info.senderName,
    effective: info.effective,
    onset: info.onset,
    expires: info.expires,
    web: info.web,
    source_url: sourceUrl,
  };
}
