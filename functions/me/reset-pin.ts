import { route } from '../http/route';
import { regeneratePin } from '../services/profile';

export const handler = route({ auth: 'client' }, async ({ principal }) => ({
  result: { pin_number: await regeneratePin(principal) },
  message: 'PIN updated',
  activity: { component: 'User', componentId: principal.userId, activity: 'Refreshed own PIN' },
}));
