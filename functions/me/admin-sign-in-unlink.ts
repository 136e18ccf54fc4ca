import { route } from '../http/route';
import { unlinkSignIn } from '../services/social-links';
import { meRoutes } from './routes';

export const handler = route(meRoutes['admin-sign-in-unlink'], async ({ principal, params }) => ({
  message: await unlinkSignIn(principal, params.provider),
}));
