import { describe, expect, it } from 'vitest';
import { capDocumentSchema, isCapTime, parseReferences, truncate } from './document';

describe('capDocumentSchema', () => {
  const raw = {
    identifier: ' ID-1 ',
    sender: 'alerts@example.org',
    sent: '2026-11-25T10:00:00-05:00',
    status: 'Actual',
    msgType: 'Alert',
    scope: 'Public',
    references: [],
    infos: [
      {
        event: 'Flood',
        severity: 'Severe',
        headline: '  Flood\n   warning  ',
        description: 'Line one.  \r\nLine two.',
        areaDesc: '',
        expires: '2026-11-25T18:00:00Z',
      },
    ],
  };

  it('fills CAP defaults and tidies text', () => {
    const document = capDocumentSchema.parse(raw);
    expect(document.identifier).toBe('ID-1');
    expect(document.infos[0]).toEqual({
      language: 'en-US',
      event: 'Flood',
      headline: 'Flood warning',
      severity: 'Severe',
      urgency: 'Unknown',
      certainty: 'Unknown',
      description: 'Line one.\nLine two.',
      instruction: null,
      areaDesc: null,
      senderName: null,
      effective: null,
      onset: null,
      expires: '2026-11-25T18:00:00Z',
      web: null,
    });
  });

  it('reads what it wrote unchanged (a stored document parses to itself)', () => {
    const once = capDocumentSchema.parse({
      ...raw,
      infos: [{ ...raw.infos[0], description: 'x'.repeat(12_000) }],
    });
    expect(capDocumentSchema.parse(once)).toEqual(once);
  });
});

describe('truncate', () => {
  it('keeps short text, cuts long text with an ellipsis within the limit', () => {
    expect(truncate('abc', 3)).toBe('abc');
    expect(truncate('abcdef', 4)).toBe('abc…');
  });

  it('never leaves half of a surrogate pair', () => {
    const cut = truncate('ab😀cd', 4); // 😀 is two UTF-16 units, at 2 and 3
    expect(cut).toBe('ab…');
  });
});

describe('isCapTime', () => {
  it('wants a date, a time and an offset', () => {
    expect(isCapTime('2026-11-25T10:00:00-05:00')).toBe(true);
    expect(isCapTime('2026-11-25T10:00:00-00:00')).toBe(true);
    expect(isCapTime('2026-11-25T15:00:00.250Z')).toBe(true);
    expect(isCapTime('2026-11-25T10:00:00')).toBe(false);
    expect(isCapTime('2026-11-25')).toBe(false);
    expect(isCapTime('2026-13-45T10:00:00-05:00')).toBe(false);
    expect(isCapTime('Tue, 31 Aug 2010 02:24:00 GMT')).toBe(false);
  });
});

describe('parseReferences', () => {
  it('reads space-separated sender,identifier,sent triples, skipping broken ones', () => {
    expect(
      parseReferences(`
        a@example.org,ID-1,2026-11-25T10:00:00-05:00  b@example.org,ID-2,2026-11-25T11:00:00-05:00
        broken,triple another,one,too,many`),
    ).toEqual([
      { sender: 'a@example.org', identifier: 'ID-1', sent: '2026-11-25T10:00:00-05:00' },
      { sender: 'b@example.org', identifier: 'ID-2', sent: '2026-11-25T11:00:00-05:00' },
    ]);
    expect(parseReferences(null)).toEqual([]);
  });
});
