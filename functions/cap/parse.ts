import { XMLParser, XMLValidator, type EntityDecoderOptions } from 'fast-xml-parser';
import type * as z from 'zod';
import { capDocumentSchema, parseReferences, type CapDocument } from './document';

/**
 * Reading what a CAP feed URL answers: one CAP alert, or an Atom or RSS 2.0 index of them. The XML
 * is read without a DTD: a document that declares a DOCTYPE is refused before it is parsed, so no
 * external entity is fetched and no entity is expanded; only the five predefined entities and
 * numeric character references are decoded.
 */

/** A document the reader refuses; `message` is a short sentence shown to people. */
export class CapParseError extends Error {
  override name = 'CapParseError';
}

/** One entry of an index: where its CAP alert is. */
export type FeedEntry = {
  /** Absolute http(s) URL of the CAP document. */
  url: string;
  /** The entry's `<updated>` (Atom, as written) or `<pubDate>` (RSS, as ISO 8601); null when absent. */
  updated: string | null;
  /** The entry's `<id>` (Atom) or `<guid>` (RSS); null when absent. */
  id: string | null;
};

/**
 * A CAP alert, or an index. An Atom entry that carries its CAP `<alert>` inline in `<content>` is
 * given in `inline` (nothing to fetch) and not in `entries`; when that alert does not validate, the
 * entry is read as a link like any other.
 */
export type ParsedFeed =
  { kind: 'alert'; document: CapDocument } | { kind: 'index'; entries: FeedEntry[]; inline: CapDocument[] };

const capNamespaces = new Set([
  'urn:oasis:names:tc:emergency:cap:1.2',
  'urn:oasis:names:tc:emergency:cap:1.1',
  'urn:oasis:names:tc:emergency:cap:1.0',
  'http://www.incident.com/cap/1.0',
]);
const atomNamespace = 'http://www.w3.org/2005/Atom';

/**
 * Reads `bytes` (as fetched; `contentType` is the response's Content-Type) as a CAP alert or an
 * Atom/RSS index. Relative entry links are resolved against `baseUrl` (the feed's URL) and skipped
 * without it. Throws {@link CapParseError}.
 */
export function parseCapFeed(bytes: Uint8Array, contentType?: string, baseUrl?: string): ParsedFeed {
  const text = decodeText(bytes, contentType);
  if (/<!DOCTYPE/i.test(text)) throw new CapParseError('the document declares a DOCTYPE, which is refused');
  const root = readXml(text);
  if (isCapAlert(root)) return { kind: 'alert', document: readAlert(root) };
  if (root.name === 'feed' && root.ns === atomNamespace) return readAtom(root, baseUrl);
  if (root.name === 'rss' && root.ns === null) return readRss(root, baseUrl);
  throw new CapParseError('not a CAP alert or an Atom/RSS feed');
}

// ---------------------------------------------------------------------------------------------
// Text and XML

/**
 * The document's text: by its byte-order mark, else its XML declaration's `encoding`, else the
 * Content-Type's charset, else UTF-8. The declaration wins over the header: feeds that write
 * ISO-8859-1 are often served as `text/xml; charset=utf-8`.
 */
function decodeText(bytes: Uint8Array, contentType: string | undefined): string {
  let label: string;
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) label = 'utf-8';
  else if (bytes[0] === 0xfe && bytes[1] === 0xff) label = 'utf-16be';
  else if (bytes[0] === 0xff && bytes[1] === 0xfe) label = 'utf-16le';
  else {
    const head = new TextDecoder('windows-1252').decode(bytes.subarray(0, 256));
    const declared = /^\s*<\?xml\s[^>]*?\bencoding\s*=\s*["']([A-Za-z][\w.:-]*)["']/.exec(head)?.[1];
    const served = /;\s*charset\s*=\s*"?([^";\s]+)"?/i.exec(contentType ?? '')?.[1];
    label = declared ?? served ?? 'utf-8';
  }
  let decoder: TextDecoder;
  try {
    decoder = new TextDecoder(label);
  } catch {
    throw new CapParseError(`the character encoding "${label.slice(0, 40)}" is not supported`);
  }
  return decoder.decode(bytes);
}

/** An element with its namespace resolved: what the readers below walk. */
type XmlElement = {
  ns: string | null;
  name: string;
  /** Attributes by their name as written (`href`, `xml:lang`). */
  attrs: Map<string, string>;
  /** Its own text (not its children's), entities decoded, not trimmed. */
  text: string;
  children: XmlElement[];
};

/** fast-xml-parser's `preserveOrder` output: a text node, or an element with children and attributes. */
type OrderedNode = { [name: string]: OrderedNode[] | string | Record<string, string> | undefined };

const predefinedEntities: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/** The five predefined entities and numeric character references; anything else is left as written. */
function decodeEntities(text: string): string {
  return text.replace(
    /&(?:(amp|lt|gt|quot|apos)|#(\d{1,7})|#x([0-9a-fA-F]{1,6}));/g,
    (match, name, dec, hex) => {
      if (name) return predefinedEntities[name as string] ?? match;
      const code = dec ? Number(dec) : Number.parseInt(hex as string, 16);
      const valid = code > 0 && code <= 0x10ffff && !(code >= 0xd800 && code <= 0xdfff);
      return valid ? String.fromCodePoint(code) : match;
    },
  );
}

/** Our decoder in place of fast-xml-parser's: no DTD entities are ever added to it. */
const entityDecoder: EntityDecoderOptions = {
  setExternalEntities: () => {},
  addInputEntities: () => {},
  reset: () => {},
  setXmlVersion: () => {},
  decode: decodeEntities,
};

const parser = new XMLParser({
  preserveOrder: true,
  ignoreAttributes: false,
  attributeNamePrefix: '',
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: false,
  processEntities: true,
  entityDecoder,
  ignoreDeclaration: true,
  ignorePiTags: true,
});

/** The document element of `text`, namespaces resolved. Throws when it is not well-formed XML. */
function readXml(text: string): XmlElement {
  const valid = XMLValidator.validate(text);
  if (valid !== true) throw new CapParseError(`the document is not well-formed XML (line ${valid.err.line})`);
  let nodes: OrderedNode[];
  try {
    nodes = parser.parse(text) as OrderedNode[];
  } catch {
    throw new CapParseError('the document could not be read as XML');
  }
  const root = nodes.map((node) => toElement(node, new Map())).find((element) => element !== null);
  if (!root) throw new CapParseError('the document is empty');
  return root;
}

function toElement(node: OrderedNode, scope: ReadonlyMap<string, string>): XmlElement | null {
  const qname = Object.keys(node).find((key) => key !== ':@' && key !== '#text');
  if (qname === undefined) return null;
  const attrs = new Map(Object.entries((node[':@'] as Record<string, string> | undefined) ?? {}));
  let inner = scope;
  for (const [attr, value] of attrs) {
    if (attr === 'xmlns' || attr.startsWith('xmlns:')) {
      if (inner === scope) inner = new Map(scope);
      (inner as Map<string, string>).set(attr === 'xmlns' ? '' : attr.slice(6), value.trim());
    }
  }
  const colon = qname.indexOf(':');
  const prefix = colon > 0 ? qname.slice(0, colon) : '';
  const children: XmlElement[] = [];
  let text = '';
  for (const child of (node[qname] as OrderedNode[] | undefined) ?? []) {
    if (typeof child['#text'] === 'string') text += child['#text'];
    else {
      const element = toElement(child, inner);
      if (element) children.push(element);
    }
  }
  return {
    ns: inner.get(prefix) || null,
    name: colon > 0 ? qname.slice(colon + 1) : qname,
    attrs,
    text,
    children,
  };
}

const childrenOf = (element: XmlElement, ns: string | null, name: string) =>
  element.children.filter((child) => child.ns === ns && child.name === name);
const childOf = (element: XmlElement, ns: string | null, name: string) =>
  element.children.find((child) => child.ns === ns && child.name === name);

/** The trimmed text of `element`'s first `name` child; undefined when absent or blank. */
function textOf(element: XmlElement, ns: string | null, name: string): string | undefined {
  return childOf(element, ns, name)?.text.trim() || undefined;
}

// ---------------------------------------------------------------------------------------------
// CAP

/** `<alert>` in a CAP namespace, or in none (some feeds leave it out). */
function isCapAlert(element: XmlElement): boolean {
  return element.name === 'alert' && (element.ns === null || capNamespaces.has(element.ns));
}

/** The document an `<alert>` element holds, validated by {@link capDocumentSchema}. */
function readAlert(alert: XmlElement): CapDocument {
  const ns = alert.ns;
  const text = (element: XmlElement, name: string) => textOf(element, ns, name);
  const raw = {
    identifier: text(alert, 'identifier'),
    sender: text(alert, 'sender'),
    sent: text(alert, 'sent'),
    status: text(alert, 'status'),
    msgType: text(alert, 'msgType'),
    scope: text(alert, 'scope'),
    references: parseReferences(text(alert, 'references')),
    infos: childrenOf(alert, ns, 'info').map((info) => ({
      language: text(info, 'language'),
      event: text(info, 'event'),
      headline: text(info, 'headline'),
      severity: text(info, 'severity'),
      urgency: text(info, 'urgency'),
      certainty: text(info, 'certainty'),
      description: text(info, 'description'),
      instruction: text(info, 'instruction'),
      areaDesc:
        childrenOf(info, ns, 'area')
          .map((area) => text(area, 'areaDesc'))
          .filter((desc) => desc !== undefined)
          .join('; ') || undefined,
      senderName: text(info, 'senderName'),
      effective: text(info, 'effective'),
      onset: text(info, 'onset'),
      expires: text(info, 'expires'),
      web: text(info, 'web'),
    })),
  };
  const result = capDocumentSchema.safeParse(raw);
  if (!result.success) throw new CapParseError(`invalid CAP alert: ${describeIssue(result.error.issues[0])}`);
  return result.data;
}

/** `scope is missing`, `info 2 expires is not a date and time with a UTC offset`. */
function describeIssue(issue: z.core.$ZodIssue | undefined): string {
  if (!issue) return 'it does not validate';
  const labels: Record<string, string> = { infos: 'info', references: 'reference' };
  const where = issue.path.map((part) =>
    typeof part === 'number' ? String(part + 1) : (labels[String(part)] ?? String(part)),
  );
  return `${where.join(' ')} ${issue.message}`;
}

// ---------------------------------------------------------------------------------------------
// Indexes

/** An absolute http(s) URL for `href` (resolved against `base`), or null. */
function httpUrl(href: string | undefined, base: string | undefined): string | null {
  if (!href) return null;
  try {
    const url = new URL(href.trim(), base);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

const mediaType = (type: string | undefined) => type?.split(';')[0]?.trim().toLowerCase();

/**
 * Where an Atom entry's CAP alert is: its link of type `application/cap+xml`; failing that, its
 * alternate or related link that is not typed as something other than XML; failing that, its `<id>`
 * when that is an http(s) URL.
 */
function atomEntryUrl(entry: XmlElement, id: string | null, base: string | undefined): string | null {
  const links = childrenOf(entry, atomNamespace, 'link').map((link) => ({
    href: link.attrs.get('href'),
    rel: link.attrs.get('rel')?.trim() ?? 'alternate',
    type: mediaType(link.attrs.get('type')),
  }));
  const cap = links.find((link) => link.type === 'application/cap+xml' && httpUrl(link.href, base));
  if (cap) return httpUrl(cap.href, base);
  const plain = links.find(
    (link) =>
      (link.rel === 'alternate' || link.rel === 'related') &&
      (link.type === undefined || link.type.endsWith('xml')) &&
      httpUrl(link.href, base),
  );
  if (plain) return httpUrl(plain.href, base);
  return httpUrl(id ?? undefined, undefined);
}

function readAtom(feed: XmlElement, base: string | undefined): ParsedFeed {
  const entries: FeedEntry[] = [];
  const inline: CapDocument[] = [];
  for (const entry of childrenOf(feed, atomNamespace, 'entry')) {
    const content = childOf(entry, atomNamespace, 'content');
    const alert = content?.children.find(isCapAlert);
    if (alert) {
      try {
        inline.push(readAlert(alert));
        continue;
      } catch (error) {
        if (!(error instanceof CapParseError)) throw error;
      }
    }
    const id = textOf(entry, atomNamespace, 'id') ?? null;
    const url = atomEntryUrl(entry, id, base);
    if (url) entries.push({ url, updated: textOf(entry, atomNamespace, 'updated') ?? null, id });
  }
  return { kind: 'index', entries, inline };
}

/** RSS 2.0: each `<item>`'s `<link>`, or its `<guid>` when that is an http(s) URL. */
function readRss(rss: XmlElement, base: string | undefined): ParsedFeed {
  const channel = childOf(rss, null, 'channel');
  const entries: FeedEntry[] = [];
  for (const item of channel ? childrenOf(channel, null, 'item') : []) {
    const id = textOf(item, null, 'guid') ?? null;
    const url = httpUrl(textOf(item, null, 'link'), base) ?? httpUrl(id ?? undefined, undefined);
    const published = Date.parse(textOf(item, null, 'pubDate') ?? '');
    if (url)
      entries.push({ url, updated: Number.isNaN(published) ? null : new Date(published).toISOString(), id });
  }
  return { kind: 'index', entries, inline: [] };
}
