import { ulid } from 'ulid';
import { insertAdmin } from '../data/admins';
import { db } from '../data/entities';
import { emailScope } from '../data/users';
import { createLogin } from './identity';

/**
 * Creating super admins: the profile and its e-mail guard go to DynamoDB in one transaction, then
 * the login to Cognito; when Cognito refuses, the DynamoDB items are removed again.
 */
export interface NewAdminUser {
  email: string;
  password: string;
  firstName: string;
  lastName?: string;
  designation?: string;
}

export async function createAdminUser(input: NewAdminUser): Promise<string> {
  const adminId = ulid();
  await insertAdmin({
    admin_id: adminId,
    email: input.email,
    first_name: input.firstName,
    last_name: input.lastName,
    designation: input.designation,
  });
  try {
    await createLogin('admin', adminId, input.email, input.password);
  } catch (error) {
    await db()
      .transaction.write(({ admin, guard }) => [
        admin.delete({ admin_id: adminId }).commit(),
        guard.delete({ scope: emailScope('admin'), value: input.email }).commit(),
      ])
      .go();
    throw error;
  }
  return adminId;
}
