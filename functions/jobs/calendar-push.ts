import { logger } from '../http/logger';
import { runPushes } from '../services/calendars/push';

export { runPushes };

/** The calendar push job's Lambda (functions/jobs/schedule.ts): EventBridge invokes it every minute. */
export const handler = async (): Promise<unknown> => {
  const report = await runPushes();
  logger.info('Calendar push', { report });
  return report;
};
