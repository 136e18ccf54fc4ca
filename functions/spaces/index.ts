export { alertsNow } from './alerts';
export { unlinkSpaceCalendar } from './service';
export { readForSpaceWrite } from './store';
