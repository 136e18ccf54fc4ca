/**
 * The one decision of a conditional GET (the `conditional` routes of the table, e.g. a room
 * display's poll of `GET /device/state`): whether the request's `If-None-Match` names the answer's
 * tag, so that it is answered 304 with no body. `etag` is the tag without its quotes; the header
 * is a comma-separated list of quoted tags, a weak one (`W/"…"`) compared as its strong form, and
 * `*` names any.
 */
export function notModified(ifNoneMatch: string | undefined, etag: string): boolean {
  const tags = ifNoneMatch?.split(',').map((tag) => tag.trim().replace(/^W\//, '')) ?? [];
  return tags.includes(`"${etag}"`) || tags.includes('*');
}
