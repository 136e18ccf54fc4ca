import { ulid } from 'ulid';
import type { Principal } from '../http/principal';
import type { ActivityItem } from './entities';

/** A change to record in the activity log, in the same transaction as the change itself. */
export interface ActivityInput {
  principal: Principal;
  component: string;
  componentId: string;
  activity: string;
}

/** The activity log's scope: the account for client users, the platform for super admins. */
export function activityScope(principal: Principal): string {
  return principal.kind === 'client' ? `ACCOUNT#${principal.accountId}` : 'PLATFORM';
}

/** The log entry of a change, with a snapshot of who made it (the log reads the same later). */
export function activityRecord({ principal, component, componentId, activity }: ActivityInput): ActivityItem {
  return {
    scope: activityScope(principal),
    activity_id: ulid(),
    actor_id: principal.kind === 'client' ? principal.userId : principal.adminId,
    actor: {
      first_name: principal.firstName,
      last_name: principal.lastName,
      user_role: principal.kind === 'client' ? principal.role : 'Super Admin',
      photo_uri: principal.photoUri,
      email: principal.email,
    },
    // A change a super admin made as the user names both people.
    impersonator:
      principal.kind === 'client' && principal.impersonatedBy
        ? { id: principal.impersonatedBy.adminId, email: principal.impersonatedBy.email }
        : undefined,
    component,
    component_id: componentId,
    activity,
    time: new Date().toISOString(),
  };
}
