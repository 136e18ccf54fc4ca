import { route } from '../http/route';
import { authRoutes } from './routes';
import { recoveryMessage, startRecovery } from '../services/auth';

export const handler = route(authRoutes['client-recovery'], async ({ body }) => {
  await startRecovery('client', body.email);
  return { message: recoveryMessage };
});
