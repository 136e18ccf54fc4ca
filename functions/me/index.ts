export { meAccount, randomPin } from './profile';
export { resetAdminSecondFactor } from './second-factor-settings';
export { socialLinksOnEmailChange } from './social-links';
