import type { ClientRole, RolesAttr } from '../roles';
import type { Status } from './common';

/**
 * Answers of the "me" calls (client-area §3 User/Account, §7 "Me and auth").
 * The web and the API both use these types; the API builds them, the web reads them.
 */

/** The signed-in user's account, as shown in the client header. */
export interface MeAccount {
  id: string;
  name: string;
  address: string | null;
  city: string | null;
  state: string | null;
  country: string | null;
  zipcode: string | null;
  /** Presigned GET URL of the account logo, or null when there is none. */
  logo_url: string | null;
}

/** Account totals for the client header; only for roles whose `rolesAttr.statistics` is true. */
export interface AccountTotals {
  total_users: number;
  total_venues: number;
  total_spaces: number;
  total_screens: number;
}

/** GET /client/me */
export interface ClientMe {
  id: string;
  first_name: string;
  last_name: string | null;
  email: string;
  phone_no: string | null;
  cell_no: string | null;
  designation: string | null;
  /** Four digits, unique within the account. */
  pin_number: string | null;
  /** Object key of the profile photo (what profileChange takes back). */
  photo_uri: string | null;
  /** Presigned GET URL of the profile photo, or null. */
  photo_url: string | null;
  user_role: ClientRole;
  status: Status;
  rolesAttr: RolesAttr;
  account: MeAccount;
  package: { name: string; allowed_user_roles: ClientRole[] };
  screesLicence: { availableActiveLicence: number; activeLicence: number };
}

/** GET /admin/me */
export interface AdminMe {
  id: string;
  first_name: string;
  last_name: string | null;
  email: string;
  designation: string | null;
  phone_no: string | null;
  cell_no: string | null;
  photo_uri: string | null;
  photo_url: string | null;
  status: Status;
  role: 'Super Admin';
}

/** Either answer; tell them apart with {@link isClientMe}. */
export type Me = ClientMe | AdminMe;

export function isClientMe(me: Me): me is ClientMe {
  return 'user_role' in me;
}

/** GET /client/aboutMe; `totals` is null when the role's statistics flag is false. */
export interface AboutMe {
  account: MeAccount;
  totals: AccountTotals | null;
}

export type YesNo = 'Yes' | 'No';

/** GET /client/mypackage (admin-and-auth §3 Package). Limits are 1 to 10 or 'Unlimited'. */
export interface MyPackage {
  id: string;
  name: string;
  allowed_user_roles: ClientRole[];
  venue_limit: number | 'Unlimited';
  spaces_limit: number | 'Unlimited';
  admin_limit: number | 'Unlimited';
  booking_approval: YesNo;
  third_party_integration: YesNo;
  custom_integration: YesNo;
  on_screen_branding: YesNo;
  status: Status;
}

/** GET /client/resetPIN */
export interface ResetPinResult {
  pin_number: string;
}
