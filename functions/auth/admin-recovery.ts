import { route } from '../http/route';
import { authRoutes } from './routes';
import { recoveryMessage, startRecovery } from '../services/auth';

export const handler = route(authRoutes['admin-recovery'], async ({ body }) => {
  await startRecovery('admin', body.email);
  return { message: recoveryMessage };
});
