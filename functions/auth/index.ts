export { newSecret, openSecret, otpauthUri, stepOf } from './second-factor';
export {
  disableSecondFactor,
  enableSecondFactor,
  keepSetupSecret,
  removeSecondFactor,
} from './second-factor-store';
export { changePassword, newResetToken, refuseImpersonation } from './sign-in';
