import { recoverySchema } from '../../shared/schemas/auth';
import { route } from '../http/route';
import { recoveryMessage, startRecovery } from '../services/auth';

export const handler = route({ auth: 'public', body: recoverySchema }, async ({ body }) => {
  await startRecovery('admin', body.email);
  return { message: recoveryMessage };
});
