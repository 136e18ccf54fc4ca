export {
  accountPurchases,
  createLicences,
  deleteLicence,
  listLicences,
  recentPayments,
  today,
  updateLicence,
} from './licences';
export { runScreenOffline } from './offline';
export { screenNotice } from './offline-store';
export { screenLicenceCounts } from './screen-licences';
export { recentScreens } from './service';
export { screenCodeScope } from './store';
