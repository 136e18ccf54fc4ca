import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { CapDocument } from './document';
import { CapParseError, parseCapFeed, type ParsedFeed } from './parse';

/** Real feeds' documents (Apache-2.0, see LICENSE there; test/fixtures/README.md). */
const fixtures = path.resolve(import.meta.dirname, '../../test/fixtures/cap');
const fixture = (name: string) => new Uint8Array(readFileSync(path.join(fixtures, name)));
const utf8 = (text: string) => new TextEncoder().encode(text);

function alertIn(bytes: Uint8Array, contentType?: string): CapDocument {
  const feed = parseCapFeed(bytes, contentType);
  if (feed.kind !== 'alert') throw new Error(`expected an alert, got ${feed.kind}`);
  return feed.document;
}

function indexIn(bytes: Uint8Array, baseUrl?: string): Extract<ParsedFeed, { kind: 'index' }> {
  const feed = parseCapFeed(bytes, undefined, baseUrl);
  if (feed.kind !== 'index') throw new Error(`expected an index, got ${feed.kind}`);
  return feed;
}

/** The message a parse of `bytes` is refused with. */
function refusal(bytes: Uint8Array): string {
  try {
    parseCapFeed(bytes);
  } catch (error) {
    expect(error).toBeInstanceOf(CapParseError);
    return (error as Error).message;
  }
  throw new Error('expected a refusal');
}

/** A CAP 1.2 alert with `infos` (XML) and header fields overridden by `fields`. */
function capXml(infos = '', fields: Record<string, string> = {}): string {
  const header = {
    identifier: 'ID-1',
    sender: 'alerts@example.org',
    sent: '2026-11-25T10:00:00-05:00',
    status: 'Actual',
    msgType: 'Alert',
    scope: 'Public',
    ...fields,
  };
  const lines = Object.entries(header).map(([name, value]) => `<${name}>${value}</${name}>`);
  return `<?xml version="1.0" encoding="UTF-8"?>
<alert xmlns="urn:oasis:names:tc:emergency:cap:1.2">${lines.join('')}${infos}</alert>`;
}

const info = (inner = '') =>
  `<info><event>Flood</event><urgency>Expected</urgency><severity>Severe</severity><certainty>Likely</certainty>${inner}</info>`;

describe('the fixtures', () => {
  const refused = new Set(['xee.cap', 'xee.atom', 'invalid.cap']);

  it('each parse, but for the three refused ones', () => {
    const names = readdirSync(fixtures).filter((name) => name !== 'LICENSE');
    expect(names.length).toBeGreaterThanOrEqual(15);
    for (const name of names) {
      if (refused.has(name)) expect(() => parseCapFeed(fixture(name)), name).toThrow(CapParseError);
      else expect(() => parseCapFeed(fixture(name)), name).not.toThrow();
    }
  });

  it('43b080713727.cap: a CAP 1.2 alert, language defaulted to en-US', () => {
    const document = alertIn(fixture('43b080713727.cap'));
    expect(document).toMatchObject({
      identifier: '43b080713727',
      sender: 'hsas@dhs.gov',
      sent: '2003-04-02T14:39:01-05:00',
      status: 'Actual',
      msgType: 'Alert',
      scope: 'Public',
      references: [],
    });
    expect(document.infos).toHaveLength(1);
    expect(document.infos[0]).toMatchObject({
      language: 'en-US',
      event: 'Homeland Security Advisory System Update',
      headline: 'Homeland Security Sets Code ORANGE',
      severity: 'Severe',
      urgency: 'Immediate',
      certainty: 'Likely',
      senderName: 'U.S. Government, Department of Homeland Security',
      areaDesc: 'U.S. nationwide and interests worldwide',
      web: 'http://www.dhs.gov/dhspublic/display?theme=29',
      effective: null,
      expires: null,
    });
    // Line breaks kept, the spaces before them dropped.
    expect(document.infos[0]?.description).toBe(
      'The Department of Homeland Security has elevated the Homeland Security Advisory\n' +
        'System threat level to ORANGE / High in response to intelligence which may indicate a heightened\n' +
        'threat of terrorism.',
    );
  });

  it('australia.cap: namespace-prefixed elements, escaped markup decoded once', () => {
    const document = alertIn(fixture('australia.cap'));
    expect(document).toMatchObject({
      identifier: 'tag:www.rfs.nsw.gov.au2011-10-06:40184',
      sender: 'webmaster@rfs.nsw.gov.au',
      msgType: 'Alert',
    });
    expect(document.infos).toHaveLength(2);
    expect(document.infos[0]).toMatchObject({
      language: 'en-AU',
      event: 'Fire',
      headline: 'Yerong Creek Structure Fire',
      severity: 'Minor',
      effective: '2011-10-05T23:04:00+10:00',
      expires: '2011-10-06T23:04:00+10:00',
      senderName: 'NSW Rural Fire Service',
      areaDesc: 'Yerong Creek Structure Fire',
      instruction: 'Not Applicable',
    });
    expect(document.infos[0]?.description).toMatch(
      /^ALERT LEVEL: Not Applicable<br \/>LOCATION: 12 Cox Street/,
    );
  });

  it('canada.cap: an Update with two references and an info per language, areas joined', () => {
    const document = alertIn(fixture('canada.cap'));
    expect(document.msgType).toBe('Update');
    expect(document.references).toEqual([
      { sender: 'cap@ec.gc.ca', identifier: '2.49.0.1.124.a3f342a4.2012', sent: '2012-05-02T21:45:05-00:00' },
      { sender: 'cap@ec.gc.ca', identifier: '2.49.0.1.124.60f31a3a.2012', sent: '2012-05-02T21:55:21-00:00' },
    ]);
    expect(document.infos.map((i) => [i.language, i.event, i.headline])).toEqual([
      ['en-CA', 'thunderstorm', 'severe thunderstorm watch'],
      ['fr-CA', 'orages', "veille d'orages violents"],
    ]);
    expect(document.infos[0]?.areaDesc).toBe(
      'Windsor - Leamington - Essex County; Chatham-Kent - Rondeau Park',
    );
    expect(document.infos[1]?.areaDesc).toBe(
      "Windsor - Leamington - comté d'Essex; Chatham-Kent - parc Rondeau",
    );
    expect(document.infos[1]?.description).toBe(
      "C'est l'épreuve - ce message de PAC a été créé pour les buts d'essai seulement.",
    );
    expect(document.infos[0]?.expires).toBe('2012-05-03T00:20:00-00:00');
  });

  it('earthquake-iso8859-1.cap: decoded as its declaration says, accents intact', () => {
    const document = alertIn(fixture('earthquake-iso8859-1.cap'));
    const [first] = document.infos;
    expect(first?.headline).toBe('EQ 4.6 Usulután, Usulután, El Salvador - PRELIMINARY REPORT');
    expect(first?.areaDesc).toMatch(/^47 miles \(76 km\) SSW of Usulután, Usulután, El Salvador; 53 miles/);
    expect(first?.description).not.toContain('\uFFFD');
    expect(first).toMatchObject({ onset: '2012-10-14T22:40:56+00:00', expires: '2012-10-21T22:53:04+00:00' });
    // Even when the server calls it UTF-8: the document's own declaration wins.
    expect(
      alertIn(fixture('earthquake-iso8859-1.cap'), 'text/xml; charset=utf-8').infos[0]?.headline,
    ).toContain('Usulután');
  });

  it('earthquake.cap: a CAP 1.1 alert', () => {
    const document = alertIn(fixture('earthquake.cap'));
    expect(document.identifier).toBe('USGS-earthquakes-us2010apcd.6.20100831T000925.496Z');
    expect(document.sender).toBe('http://earthquake.usgs.gov/research/monitoring/anss/neic/');
    expect(document.infos[0]).toMatchObject({
      event: 'Earthquake',
      severity: 'Unknown',
      headline: 'EQ 6.3 Neiafu, Tonga - PRELIMINARY REPORT',
      expires: '2010-09-02T00:09:25-05:00',
      instruction: null,
    });
  });

  it('no_optional_fields.cap: an alert without info blocks', () => {
    const document = alertIn(fixture('no_optional_fields.cap'));
    expect(document).toMatchObject({ msgType: 'Alert', scope: 'Public', references: [], infos: [] });
  });

  it('thunderstorm.cap: an area description written over two lines reads as one', () => {
    const [first] = alertIn(fixture('thunderstorm.cap')).infos;
    expect(first).toMatchObject({
      event: 'SEVERE THUNDERSTORM',
      severity: 'Severe',
      headline: 'SEVERE THUNDERSTORM WARNING',
      expires: '2003-06-17T16:00:00-07:00',
      areaDesc:
        'EXTREME NORTH CENTRAL TUOLUMNE COUNTY IN CALIFORNIA, EXTREME NORTHEASTERN CALAVERAS COUNTY IN CALIFORNIA, SOUTHWESTERN ALPINE COUNTY IN CALIFORNIA',
    });
  });

  it('wcatwc-warning.cap: an Extreme Update that references its first warning', () => {
    const document = alertIn(fixture('wcatwc-warning.cap'));
    expect(document).toMatchObject({ identifier: 'PAAQ-2-lqw6d6', msgType: 'Update' });
    expect(document.references).toEqual([
      { sender: 'PAAQ', identifier: 'PAAQ-1-lqw6d6', sent: '2011-09-02T10:55:55-00:00' },
    ]);
    expect(document.infos[0]).toMatchObject({
      event: 'Tsunami Warning',
      severity: 'Extreme',
      onset: '2011-09-02T11:36:50-00:00',
      expires: '2011-09-02T12:36:50-00:00',
    });
  });

  it('weather.cap: effective and expires kept, the description keeps its lines', () => {
    const [first] = alertIn(fixture('weather.cap')).infos;
    expect(first).toMatchObject({
      event: 'Flash Flood Watch',
      effective: '2010-08-30T04:07:00-06:00',
      expires: '2010-08-30T12:00:00-06:00',
      areaDesc: 'Central and Southern Lewis and Clark; Lewis and Clark',
    });
    expect(first?.description?.split('\n')[0]).toBe(
      '...FLASH FLOOD WATCH REMAINS IN EFFECT UNTIL NOON MDT TODAY...',
    );
  });

  it('invalid.cap: refused for its missing scope', () => {
    expect(refusal(fixture('invalid.cap'))).toBe('invalid CAP alert: scope is missing');
  });

  it('xee.cap and xee.atom: refused for their DOCTYPE, before any entity is read', () => {
    expect(refusal(fixture('xee.cap'))).toBe('the document declares a DOCTYPE, which is refused');
    expect(refusal(fixture('xee.atom'))).toBe('the document declares a DOCTYPE, which is refused');
  });

  it('earthquake_index.atom: the entry link typed application/cap+xml, not the HTML one', () => {
    expect(indexIn(fixture('earthquake_index.atom'))).toEqual({
      kind: 'index',
      entries: [
        {
          url: 'http://earthquake.usgs.gov/earthquakes/catalogs/cap/us2010apcd',
          updated: '2010-08-30T23:25:40Z',
          id: 'urn:earthquake-usgs-gov:us:2010apcd',
        },
      ],
      inline: [],
    });
  });

  it('weather_index.atom: untyped entry links', () => {
    const index = indexIn(fixture('weather_index.atom'));
    expect(index.entries.map((entry) => [entry.url, entry.updated])).toEqual([
      [
        'http://www.weather.gov/alerts-beta/wwacapget.php?x=CT20100831030400OKXAirQualityAlertOKX20100901031500CT',
        '2010-08-30T23:04:00-04:00',
      ],
      [
        'http://www.weather.gov/alerts-beta/wwacapget.php?x=DC20100830203300LWXAirQualityAlertLWX20100901040000DC',
        '2010-08-30T16:33:00-04:00',
      ],
    ]);
  });

  it('no_entries.atom: an alert outside any entry is not an entry', () => {
    expect(indexIn(fixture('no_entries.atom'))).toEqual({ kind: 'index', entries: [], inline: [] });
  });

  it('amber.atom: the alert inline in the entry content, nothing to fetch', () => {
    const index = indexIn(fixture('amber.atom'));
    expect(index.entries).toEqual([]);
    expect(index.inline).toHaveLength(1);
    expect(index.inline[0]).toMatchObject({
      identifier: 'http://doj.dc.gov/amber12345',
      sender: 'KARO@CLETS.DOJ.DC.GOV',
      sent: '2010-06-03T19:15:00-05:00',
      msgType: 'Alert',
    });
    expect(index.inline[0]?.infos[0]).toMatchObject({
      event: 'Child Abduction',
      severity: 'Severe',
      headline: 'Amber Alert in Washington D.C.',
      areaDesc: 'Washington D.C.',
    });
  });
});

describe('security', () => {
  it('refuses any DOCTYPE, even one without entities, in any case', () => {
    expect(
      refusal(
        utf8(`<!DOCTYPE alert>${capXml(info())}`.replace('<?xml version="1.0" encoding="UTF-8"?>', '')),
      ),
    ).toBe('the document declares a DOCTYPE, which is refused');
    expect(refusal(utf8(`<!doctype alert>${capXml(info())}`.replace(/<\?xml[^>]*>/, '')))).toMatch(/DOCTYPE/);
  });

  it('decodes the five predefined entities and character references, once, and nothing else', () => {
    const [first] = alertIn(
      utf8(
        capXml(info('<description>&lt;b&gt; &amp;amp; &quot;x&apos; &#233;&#xE9; &nbsp; &#0;</description>')),
      ),
    ).infos;
    expect(first?.description).toBe('<b> &amp; "x\' éé &nbsp; &#0;');
  });
});

describe('reading', () => {
  it('takes the Content-Type charset when the document declares none', () => {
    const xml = capXml(info('<area><areaDesc>Montréal</areaDesc></area>')).replace(' encoding="UTF-8"', '');
    const latin1 = new Uint8Array(Buffer.from(xml, 'latin1'));
    expect(alertIn(latin1, 'application/cap+xml; charset=ISO-8859-1').infos[0]?.areaDesc).toBe('Montréal');
    // Without it, UTF-8: the é byte is not UTF-8 and shows as a replacement character.
    expect(alertIn(latin1).infos[0]?.areaDesc).toBe('Montr\uFFFDal');
  });

  it('honours a byte-order mark', () => {
    const text = capXml(info('<headline>Überschwemmung</headline>'));
    const bom8 = new Uint8Array([0xef, 0xbb, 0xbf, ...utf8(text)]);
    expect(alertIn(bom8).infos[0]?.headline).toBe('Überschwemmung');
    const utf16 = Buffer.from(`\uFEFF${text.replace('UTF-8', 'UTF-16')}`, 'utf16le');
    expect(alertIn(new Uint8Array(utf16)).infos[0]?.headline).toBe('Überschwemmung');
  });

  it('accepts the CAP 1.0 namespace and an alert without one', () => {
    const v10 = capXml(info()).replace(
      'urn:oasis:names:tc:emergency:cap:1.2',
      'http://www.incident.com/cap/1.0',
    );
    expect(alertIn(utf8(v10)).identifier).toBe('ID-1');
    expect(
      alertIn(utf8(capXml(info()).replace(' xmlns="urn:oasis:names:tc:emergency:cap:1.2"', ''))).identifier,
    ).toBe('ID-1');
  });

  it('refuses what is not a CAP alert or a feed, and what is not XML', () => {
    const foreign = capXml(info()).replace('urn:oasis:names:tc:emergency:cap:1.2', 'urn:example:not-cap');
    expect(refusal(utf8(foreign))).toBe('not a CAP alert or an Atom/RSS feed');
    expect(refusal(utf8('<html><body><p>Alerts</p></body></html>'))).toBe(
      'not a CAP alert or an Atom/RSS feed',
    );
    expect(refusal(utf8('<alert><identifier>1</alert>'))).toBe(
      'the document is not well-formed XML (line 1)',
    );
    expect(refusal(utf8('{"alerts": []}'))).toMatch(/not well-formed XML/);
    expect(refusal(utf8('<?xml version="1.0" encoding="x-klingon"?><alert/>'))).toBe(
      'the character encoding "x-klingon" is not supported',
    );
  });

  it('names the field that fails', () => {
    expect(refusal(utf8(capXml(info(), { status: 'Bogus' })))).toBe(
      'invalid CAP alert: status is not a value CAP knows',
    );
    expect(refusal(utf8(capXml(info(), { sent: '2026-11-25T10:00:00' })))).toBe(
      'invalid CAP alert: sent is not a date and time with a UTC offset',
    );
    expect(refusal(utf8(capXml(info() + info('<expires>tomorrow</expires>'))))).toBe(
      'invalid CAP alert: info 2 expires is not a date and time with a UTC offset',
    );
    expect(refusal(utf8(capXml('<info><severity>Minor</severity></info>')))).toBe(
      'invalid CAP alert: info 1 event is missing',
    );
  });

  it('reads values without regard to case, an unknown severity as Unknown', () => {
    const document = alertIn(
      utf8(
        capXml(info().replace('Severe', 'Catastrophic'), {
          status: 'actual',
          msgType: 'UPDATE',
          scope: 'public',
        }),
      ),
    );
    expect(document).toMatchObject({ status: 'Actual', msgType: 'Update', scope: 'Public' });
    expect(document.infos[0]?.severity).toBe('Unknown');
  });

  it('cuts long text and keeps the first 20 info blocks', () => {
    const long = 'x'.repeat(20_000);
    const document = alertIn(utf8(capXml(info(`<description>${long}</description>`).repeat(25))));
    expect(document.infos).toHaveLength(20);
    expect(document.infos[0]?.description).toHaveLength(10_000);
    expect(document.infos[0]?.description?.endsWith('x…')).toBe(true);
  });
});

describe('indexes', () => {
  const atom = (entries: string) => `<?xml version="1.0"?>
<feed xmlns="http://www.w3.org/2005/Atom"><title>Alerts</title>${entries}</feed>`;

  it('Atom: relative links resolved against the feed URL, entries without a usable link skipped', () => {
    const feed = atom(`
      <entry><id>urn:a</id><link href="/cap/a.xml" type="application/cap+xml"/></entry>
      <entry><id>urn:b</id><link rel="alternate" type="text/html" href="https://example.org/b.html"/></entry>
      <entry><id>https://example.org/c.xml</id></entry>`);
    expect(indexIn(utf8(feed), 'https://alerts.example.org/feed.atom').entries).toEqual([
      { url: 'https://alerts.example.org/cap/a.xml', updated: null, id: 'urn:a' },
      { url: 'https://example.org/c.xml', updated: null, id: 'https://example.org/c.xml' },
    ]);
    // Without the feed's URL a relative link cannot be followed.
    expect(indexIn(utf8(feed)).entries.map((entry) => entry.id)).toEqual(['https://example.org/c.xml']);
  });

  it('Atom: an inline alert that does not validate is read as its link instead', () => {
    const feed = atom(`<entry><id>urn:x</id><link href="https://example.org/x.cap"/>
      <content type="text/xml">${capXml(info())
        .replace(/<\?xml[^>]*>/, '')
        .replace('<scope>Public</scope>', '')}</content></entry>`);
    expect(indexIn(utf8(feed))).toEqual({
      kind: 'index',
      entries: [{ url: 'https://example.org/x.cap', updated: null, id: 'urn:x' }],
      inline: [],
    });
  });

  it('RSS 2.0: item links, else http(s) guids; pubDate as ISO 8601', () => {
    const rss = `<?xml version="1.0"?><rss version="2.0"><channel><title>Alerts</title>
      <item><title>One</title><link>https://example.org/1.cap</link><guid isPermaLink="false">one</guid>
        <pubDate>Tue, 31 Aug 2010 02:24:00 GMT</pubDate></item>
      <item><title>Two</title><guid>https://example.org/2.cap</guid></item>
      <item><title>Three</title><description>no link</description></item>
      <item><link>mailto:alerts@example.org</link></item>
    </channel></rss>`;
    expect(indexIn(utf8(rss)).entries).toEqual([
      { url: 'https://example.org/1.cap', updated: '2010-08-31T02:24:00.000Z', id: 'one' },
      { url: 'https://example.org/2.cap', updated: null, id: 'https://example.org/2.cap' },
    ]);
  });
});
