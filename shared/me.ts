import type { ClientMe, Me } from './schemas/me';

/** Whether a profile is a client user's (not a super admin's); kept apart from the zod schemas. */
export function isClientMe(me: Me): me is ClientMe {
  return 'user_role' in me;
}
