export { assertIntegration } from './linked-accounts';
export { pullWorker, runPullJob, runPulls } from './pull';
export { runPushes } from './push';
export { dropExternalBookings, getCalendarAccount, getCalendarLink, linkSteps } from './store';
export { connectToStop, stopWatches } from './watches';
