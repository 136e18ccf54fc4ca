import { route } from '../http/route';
import { dependencyStates } from '../services/health';

export const handler = route({ auth: 'public' }, async () => {
  const dependencies = await dependencyStates();
  const ok = Object.values(dependencies).every((state) => state === 'ok');
  return { result: { status: ok ? 'ok' : 'degraded', time: new Date().toISOString(), dependencies } };
});
