export { alertsNow } from './alerts';
export { readForSpaceWrite } from './store';
