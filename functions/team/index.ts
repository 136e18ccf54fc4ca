export { adminActivity, userActivity } from './activity-log';
export {
  createAccountUser,
  getAccountUser,
  listAccountUsers,
  recentUsers,
  setAccountUserStatus,
  updateAccountUser,
  withLogin,
} from './service';
export { admitImpersonation, findUser } from './store';
