import { bindHandlers } from '@core/http/handler-map';
import { changePassword } from '../auth';
import { aboutMe, adminMe, changeProfile, clientMe, myPackage, regeneratePin } from './profile';
import { disableOwnSecondFactor, enableOwnSecondFactor, setUpSecondFactor } from './second-factor-settings';
import { linkedSignIns, unlinkSignIn } from './social-links';
import { createUpload } from '@core/files/uploads';
import { meRoutes } from '@shared/api/me-routes';

export const handler = bindHandlers(meRoutes, {
  'admin-create-upload': async ({ principal, body }) => ({
    result: await createUpload(principal, body),
  }),
  'admin-password-change': async ({ principal, body }) => {
    await changePassword(principal, body.current_password, body.password);
    return { message: 'Password changed' };
  },
  'admin-profile-change': async ({ principal, body }) => {
    const admin = await changeProfile(principal, body);
    return {
      result: await adminMe(principal, admin),
      message: 'Profile updated',
    };
  },
  'admin-sign-in-unlink': async ({ principal, params }) => ({
    message: await unlinkSignIn(principal, params.provider),
  }),
  'admin-sign-ins': async ({ principal }) => ({
    result: linkedSignIns(principal),
  }),
  'client-create-upload': async ({ principal, body }) => ({
    result: await createUpload(principal, body),
  }),
  'client-mfa-disable': async ({ principal, body }) => {
    await disableOwnSecondFactor(principal, body.code);
    return { message: 'Two-factor authentication is off' };
  },
  'client-mfa-enable': async ({ principal, body }) => {
    await enableOwnSecondFactor(principal, body.code);
    return { message: 'Two-factor authentication is on. Log in again with a code from your app' };
  },
  'client-mfa-setup': async ({ principal }) => ({
    result: await setUpSecondFactor(principal),
  }),
  'client-password-change': async ({ principal, body }) => {
    await changePassword(principal, body.current_password, body.password);
    return { message: 'Password changed' };
  },
  'client-profile-change': async ({ principal, body }) => {
    const user = await changeProfile(principal, body);
    return {
      result: await clientMe(principal, user),
      message: 'Profile updated',
    };
  },
  'client-sign-in-unlink': async ({ principal, params }) => ({
    message: await unlinkSignIn(principal, params.provider),
  }),
  'client-sign-ins': async ({ principal }) => ({
    result: linkedSignIns(principal),
  }),
  'get-about-me': async ({ principal }) => ({
    result: await aboutMe(principal),
  }),
  'get-admin-me': async ({ principal }) => ({
    result: await adminMe(principal),
  }),
  'get-client-me': async ({ principal }) => ({
    result: await clientMe(principal),
  }),
  'get-my-package': async ({ principal }) => ({
    result: await myPackage(principal),
  }),
  'reset-pin': async ({ principal }) => ({
    result: { pin_number: await regeneratePin(principal) },
    message: 'PIN updated',
  }),
});
