import { ulid } from 'ulid';
import type { ClientRole } from '../../shared/roles';
import { db } from '../data/entities';
import { emailScope, insertUser, pinScope } from '../data/users';
import { clientUsername } from '../http/tokens';
import { createLogin } from './identity';
import { freePin } from './profile';

/**
 * Creating people: the profile and its guards go to DynamoDB in one transaction, then the
 * login to Cognito; when Cognito refuses, the DynamoDB items are removed again, so a failed
 * creation leaves nothing half made.
 */
export interface NewClientUser {
  accountId: string;
  email: string;
  password: string;
  firstName: string;
  lastName?: string;
  designation?: string;
  role: ClientRole;
  source: string;
}

export async function createClientUser(input: NewClientUser): Promise<string> {
  const userId = ulid();
  const pin = await freePin(input.accountId);
  await insertUser({
    account_id: input.accountId,
    user_id: userId,
    email: input.email,
    first_name: input.firstName,
    last_name: input.lastName,
    designation: input.designation,
    user_role: input.role,
    pin_number: pin,
    created_source: input.source,
  });
  try {
    await createLogin('client', clientUsername(input.accountId, userId), input.email, input.password);
  } catch (error) {
    await db()
      .transaction.write(({ user, guard }) => [
        user.delete({ account_id: input.accountId, user_id: userId }).commit(),
        guard.delete({ scope: emailScope('client'), value: input.email }).commit(),
        guard.delete({ scope: pinScope(input.accountId), value: pin }).commit(),
      ])
      .go();
    throw error;
  }
  return userId;
}
