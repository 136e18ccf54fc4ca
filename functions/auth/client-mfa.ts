import { route } from '../http/route';
import { authRoutes } from './routes';
import { answerChallenge, sessionAnswer } from '../services/auth';

export const handler = route(authRoutes['client-mfa'], async ({ body }) =>
  sessionAnswer('client', await answerChallenge('client', body.mfa_token, body.code)),
);
