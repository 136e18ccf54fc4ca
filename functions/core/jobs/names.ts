/**
 * The scheduled jobs' names, apart from their schedule (functions/jobs/schedule.ts, which loads
 * each job's code), so that what a job runs may name a job without importing the schedule.
 */
export const jobNames = ['cap-poll', 'no-show', 'screen-offline', 'calendar-push', 'calendar-pull'] as const;
export type JobName = (typeof jobNames)[number];
