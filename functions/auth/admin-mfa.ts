import { route } from '../http/route';
import { authRoutes } from './routes';
import { answerChallenge, sessionAnswer } from '../services/auth';

export const handler = route(authRoutes['admin-mfa'], async ({ body }) =>
  sessionAnswer('admin', await answerChallenge('admin', body.mfa_token, body.code)),
);
