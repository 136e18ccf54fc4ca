import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { capAlertSchema } from '@shared/schemas/cap-alerts';
import type { CapDocument, CapInfo } from './document';
import { alertsInForce, capAlertId, type SourcedCapDocument } from './in-force';
import { parseCapFeed } from './parse';

const feed = 'https://alerts.example.org/feed.atom';
const now = new Date('2026-11-25T16:00:00Z'); // 11:00 in New York (-05:00)

function anInfo(fields: Partial<CapInfo> = {}): CapInfo {
  return {
    language: 'en-US',
    event: 'Flood',
    headline: 'Flood warning',
    severity: 'Moderate',
    urgency: 'Expected',
    certainty: 'Likely',
    description: null,
    instruction: null,
    areaDesc: 'Riverside',
    senderName: 'Weather Service',
    effective: null,
    onset: null,
    expires: null,
    web: null,
    ...fields,
  };
}

/** An Actual, Public Alert sent an hour before `now`, with one info block in force. */
function aDocument(fields: Partial<CapDocument> = {}): CapDocument {
  return {
    identifier: 'FLOOD-1',
    sender: 'alerts@example.org',
    sent: '2026-11-25T10:00:00-05:00',
    status: 'Actual',
    msgType: 'Alert',
    scope: 'Public',
    references: [],
    infos: [anInfo()],
    ...fields,
  };
}

const from = (...documents: CapDocument[]): SourcedCapDocument[] =>
  documents.map((document) => ({ sourceUrl: feed, document }));
const shown = (documents: SourcedCapDocument[], at = now) =>
  alertsInForce(documents, at).map((alert) => alert.identifier);
const referenceTo = (document: CapDocument) => ({
  sender: document.sender,
  identifier: document.identifier,
  sent: document.sent,
});

describe('alertsInForce', () => {
  it('gives one wire alert per info block, with a stable id', () => {
    const document = aDocument({ infos: [anInfo({ event: 'Flood' }), anInfo({ event: 'Wind' })] });
    const alerts = alertsInForce(from(document), now);
    expect(alerts.map((alert) => capAlertSchema.parse(alert))).toEqual(alerts);
    expect(alerts.map((alert) => alert.event)).toEqual(['Flood', 'Wind']);
    expect(alerts[0]).toMatchObject({
      id: capAlertId('alerts@example.org', 'FLOOD-1', 0),
      msg_type: 'Alert',
      area_desc: 'Riverside',
      sender_name: 'Weather Service',
      source_url: feed,
    });
    expect(alerts[1]?.id).toBe(capAlertId('alerts@example.org', 'FLOOD-1', 1));
    expect(alerts[0]?.id).not.toBe(alerts[1]?.id);
    // The same next poll: the same ids.
    expect(alertsInForce(from(document), new Date(now.getTime() + 60_000)).map((a) => a.id)).toEqual(
      alerts.map((a) => a.id),
    );
  });

  it('shows only Actual, Public Alerts and Updates', () => {
    const documents = from(
      aDocument({ identifier: 'actual' }),
      aDocument({ identifier: 'test', status: 'Test' }),
      aDocument({ identifier: 'exercise', status: 'Exercise' }),
      aDocument({ identifier: 'draft', status: 'Draft' }),
      aDocument({ identifier: 'restricted', scope: 'Restricted' }),
      aDocument({ identifier: 'private', scope: 'Private' }),
      aDocument({ identifier: 'ack', msgType: 'Ack' }),
      aDocument({ identifier: 'update', msgType: 'Update' }),
    );
    expect(shown(documents).sort()).toEqual(['actual', 'update']);
  });

  it('an Update replaces every message it references', () => {
    const first = aDocument({ identifier: 'FLOOD-1', infos: [anInfo({ headline: 'Flood watch' })] });
    const second = aDocument({
      identifier: 'FLOOD-2',
      infos: [anInfo({ headline: 'Flood watch, extended' })],
    });
    const update = aDocument({
      identifier: 'FLOOD-3',
      msgType: 'Update',
      sent: '2026-11-25T10:30:00-05:00',
      references: [referenceTo(first), referenceTo(second)],
      infos: [anInfo({ headline: 'Flood warning' })],
    });
    const alerts = alertsInForce(from(first, second, update), now);
    expect(alerts.map((alert) => [alert.identifier, alert.msg_type, alert.headline])).toEqual([
      ['FLOOD-3', 'Update', 'Flood warning'],
    ]);
    // In any order of reading.
    expect(shown(from(update, second, first))).toEqual(['FLOOD-3']);
  });

  it('a Cancel ends what it references and is never shown itself', () => {
    const alert = aDocument();
    const other = aDocument({ identifier: 'WIND-1' });
    const cancel = aDocument({
      identifier: 'FLOOD-1-CANCEL',
      msgType: 'Cancel',
      references: [referenceTo(alert)],
    });
    expect(shown(from(alert, other))).toEqual(['FLOOD-1', 'WIND-1']);
    expect(shown(from(alert, other, cancel))).toEqual(['WIND-1']);
    // A reference names sender and identifier both: another sender's FLOOD-1 stays.
    const elsewhere = aDocument({ sender: 'other@example.net' });
    expect(alertsInForce(from(elsewhere, cancel), now).map((a) => a.sender)).toEqual(['other@example.net']);
  });

  it('a Cancel that is only a Test ends nothing', () => {
    const alert = aDocument();
    const drill = aDocument({
      identifier: 'C',
      msgType: 'Cancel',
      status: 'Test',
      references: [referenceTo(alert)],
    });
    expect(shown(from(alert, drill))).toEqual(['FLOOD-1']);
  });

  it.each(['UTC', 'America/Los_Angeles', 'Asia/Kolkata'])(
    'an info block is shown until it expires, across UTC offsets (host zone %s)',
    (zone) => {
      const original = process.env.TZ;
      process.env.TZ = zone;
      try {
        // 11:30 in New York is 16:30 UTC: in force at 16:00 UTC, not at 16:30 or after.
        const document = aDocument({ infos: [anInfo({ expires: '2026-11-25T11:30:00-05:00' })] });
        expect(shown(from(document))).toEqual(['FLOOD-1']);
        expect(shown(from(document), new Date('2026-11-25T16:29:59Z'))).toEqual(['FLOOD-1']);
        expect(shown(from(document), new Date('2026-11-25T16:30:00Z'))).toEqual([]);
        // 17:00 in Paris (+01:00) is 16:00 UTC: already over at `now`.
        const paris = aDocument({ infos: [anInfo({ expires: '2026-11-25T17:00:00+01:00' })] });
        expect(shown(from(paris))).toEqual([]);
      } finally {
        process.env.TZ = original;
      }
    },
  );

  it('expiry is per info block', () => {
    const document = aDocument({
      infos: [anInfo({ event: 'Past', expires: '2026-11-25T10:30:00-05:00' }), anInfo({ event: 'Ongoing' })],
    });
    const alerts = alertsInForce(from(document), now);
    expect(alerts.map((alert) => alert.event)).toEqual(['Ongoing']);
    expect(alerts[0]?.id).toBe(capAlertId('alerts@example.org', 'FLOOD-1', 1));
  });

  it('an info block whose effective time is to come is not shown yet; onset does not hide it', () => {
    const later = aDocument({ infos: [anInfo({ effective: '2026-11-25T12:00:00-05:00' })] });
    expect(shown(from(later))).toEqual([]);
    expect(shown(from(later), new Date('2026-11-25T17:00:00Z'))).toEqual(['FLOOD-1']);
    const warning = aDocument({ infos: [anInfo({ onset: '2026-11-25T18:00:00-05:00' })] });
    expect(alertsInForce(from(warning), now)[0]?.onset).toBe('2026-11-25T18:00:00-05:00');
  });

  it('without an effective time, a message sent in the future is not shown yet', () => {
    const early = aDocument({ sent: '2026-11-25T12:00:00-05:00' });
    expect(shown(from(early))).toEqual([]);
  });

  it('a message read from two URLs counts once', () => {
    const document = aDocument();
    const twice = [
      { sourceUrl: 'https://a.example.org/feed', document },
      { sourceUrl: 'https://b.example.org/feed', document: structuredClone(document) },
    ];
    const alerts = alertsInForce(twice, now);
    expect(alerts).toHaveLength(1);
    expect(alerts[0]?.source_url).toBe('https://a.example.org/feed');
  });

  it('sorts the most severe first, then the newest sent', () => {
    const documents = from(
      aDocument({ identifier: 'minor', infos: [anInfo({ severity: 'Minor' })] }),
      aDocument({ identifier: 'unknown', infos: [anInfo({ severity: 'Unknown' })] }),
      aDocument({
        identifier: 'severe-old',
        sent: '2026-11-25T08:00:00-05:00',
        infos: [anInfo({ severity: 'Severe' })],
      }),
      aDocument({ identifier: 'extreme', infos: [anInfo({ severity: 'Extreme' })] }),
      // 15:30 UTC: newer than 10:00-05:00 (15:00 UTC), though its wall time reads earlier.
      aDocument({
        identifier: 'severe-new',
        sent: '2026-11-25T07:30:00-08:00',
        infos: [anInfo({ severity: 'Severe' })],
      }),
      aDocument({ identifier: 'moderate', infos: [anInfo({ severity: 'Moderate' })] }),
    );
    expect(shown(documents)).toEqual(['extreme', 'severe-new', 'severe-old', 'moderate', 'minor', 'unknown']);
  });

  it('of a message in several languages, shows the English blocks only', () => {
    const bilingual = aDocument({
      infos: [
        anInfo({ language: 'fr-CA', event: 'orages' }),
        anInfo({ language: 'en-CA', event: 'thunderstorm' }),
      ],
    });
    const alerts = alertsInForce(from(bilingual), now);
    expect(alerts.map((alert) => [alert.language, alert.event])).toEqual([['en-CA', 'thunderstorm']]);
    expect(alerts[0]?.id).toBe(capAlertId('alerts@example.org', 'FLOOD-1', 1));
    // Without English, all of them.
    const noEnglish = aDocument({
      infos: [anInfo({ language: 'fr-CA', event: 'orages' }), anInfo({ language: 'es', event: 'tormenta' })],
    });
    expect(alertsInForce(from(noEnglish), now).map((alert) => alert.event)).toEqual(['orages', 'tormenta']);
  });

  it('reads the fixtures as a panel would: the Canadian update in English only, while it is in force', () => {
    const fixtures = path.resolve(import.meta.dirname, '../../test/fixtures/cap');
    const parsed = parseCapFeed(new Uint8Array(readFileSync(path.join(fixtures, 'canada.cap'))));
    if (parsed.kind !== 'alert') throw new Error('expected an alert');
    const documents = [{ sourceUrl: feed, document: parsed.document }];
    const during = alertsInForce(documents, new Date('2012-05-03T00:00:00Z'));
    expect(during.map((alert) => [alert.msg_type, alert.language, alert.headline])).toEqual([
      ['Update', 'en-CA', 'severe thunderstorm watch'],
    ]);
    expect(alertsInForce(documents, new Date('2012-05-03T00:20:00Z'))).toEqual([]);
  });
});
