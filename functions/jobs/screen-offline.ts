import { logger } from '../http/logger';
import { runScreenOffline } from '../services/screen-offline';

export { runScreenOffline };

/** The screen-offline job's Lambda (functions/jobs/schedule.ts): EventBridge invokes it every minute. */
export const handler = async (): Promise<unknown> => {
  const report = await runScreenOffline();
  logger.info('Screen offline', { report });
  return report;
};
