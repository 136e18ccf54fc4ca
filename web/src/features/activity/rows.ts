import type { ActivityEntry } from '@shared/schemas/activity';
import { formatActivityTime } from '../../activityTime';

/**
 * An activity log entry as its tables show it: each value a column's text, so that the search
 * (any field value containing the text) finds what is on screen, the user's name included, and
 * the exports write the same. `time` stays ISO for sorting; `when` is how it reads.
 */
export interface ActivityRow {
  id: string;
  user: string;
  role: string;
  category: string;
  activity: string;
  time: string;
  when: string;
  /** The e-mail of the super admin who acted as the user, or '—'. */
  impersonatedBy: string;
  /** A presigned URL of the user's photo, or null: the Image column shows their initials then. */
  photoUrl: string | null;
}

export function activityRow(entry: ActivityEntry): ActivityRow {
  const who = entry.user;
  return {
    id: entry.id,
    user: [who.first_name, who.last_name].filter(Boolean).join(' ') || who.email || '—',
    role: who.user_role ?? '—',
    category: entry.component,
    activity: entry.activity,
    time: entry.time,
    when: formatActivityTime(entry.time),
    impersonatedBy: entry.impersonated_by?.email ?? '—',
    photoUrl: who.photo_url,
  };
}
