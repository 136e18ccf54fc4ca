import { ulid } from 'ulid';
import type { Principal } from '../auth/principal';
import type { ActivityItem } from './entities';

/** Spaces itself, when a scheduled job changes an account's data (a no-show released). */
export interface SystemActor {
  kind: 'system';
  accountId: string;
}

/** A change to record in the activity log, in the same transaction as the change itself. */
export interface ActivityInput {
  principal: Principal | SystemActor;
  component: string;
  componentId: string;
  activity: string;
}

/** The activity log's scope: the account for client users, the platform for super admins. */
export function activityScope(principal: Principal | SystemActor): string {
  return principal.kind === 'admin' ? 'PLATFORM' : `ACCOUNT#${principal.accountId}`;
}

/** The log entry of a change, with a snapshot of who made it (the log reads the same later). */
export function activityRecord({ principal, component, componentId, activity }: ActivityInput): ActivityItem {
  if (principal.kind === 'system') {
    return {
      scope: activityScope(principal),
      activity_id: ulid(),
      // One actor per account, so the actor index has no partition shared by every account.
      actor_id: `system-${principal.accountId}`,
      actor: { first_name: 'Spaces', user_role: 'System' },
      component,
      component_id: componentId,
      activity,
      time: new Date().toISOString(),
    };
  }
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
