export { capPollWorker, runCapPoll, runCapPollJob } from './poll';
export { getSpaceAlertsAndFeeds } from './store';
