import { Service, type EntityItem } from 'electrodb';
import { documentClient } from '../aws/dynamodb';
import { env } from '../env';

import {
  activityEntity,
  guardEntity,
  loginAttemptEntity,
  refreshSessionEntity,
  resetTokenEntity,
  signInChallengeEntity,
} from './model/access';
import { configItemEntity } from './model/config';
import { accountEntity, adminEntity, packageEntity, userEntity } from './model/people';
import {
  bannerEntity,
  licenceEntity,
  licencePurchaseEntity,
  platformStatsEntity,
  platformStatsShardEntity,
} from './model/platform';
import { bookingEntity, bookingOccurrenceEntity, inviteeEntity, spaceFeedEntity } from './model/bookings';
import {
  calendarAccountEntity,
  calendarChannelEntity,
  calendarLinkEntity,
  calendarPushEntity,
} from './model/calendars';
import { capFeedEntity, slideshowEntity, spaceAlertsEntity } from './model/screen-content';
import {
  deviceCodeEntity,
  deviceEntity,
  digestSentEntity,
  occurrenceStateEntity,
  rateCounterEntity,
  screenNoticeEntity,
} from './model/devices';
import {
  screenEntity,
  spaceCoordinatorEntity,
  spaceEntity,
  venueEntity,
  venueManagerEntity,
} from './model/venues';

export { clientRoleValues } from './model/people';

/**
 * The entities of the one table, defined in `model/` (docs/data-model.md lists every access pattern).
 * Attribute names are the wire names, so mapping to responses is a matter of picking fields.
 * Keys follow `ENTITY#<id>#…` with a delimiter after every id; tenant data starts `ACCOUNT#<id>#`.
 */
const entities = {
  account: accountEntity,
  user: userEntity,
  admin: adminEntity,
  package: packageEntity,
  configItem: configItemEntity,
  guard: guardEntity,
  activity: activityEntity,
  loginAttempt: loginAttemptEntity,
  resetToken: resetTokenEntity,
  refreshSession: refreshSessionEntity,
  signInChallenge: signInChallengeEntity,
  licence: licenceEntity,
  licencePurchase: licencePurchaseEntity,
  banner: bannerEntity,
  platformStats: platformStatsEntity,
  platformStatsShard: platformStatsShardEntity,
  venue: venueEntity,
  space: spaceEntity,
  screen: screenEntity,
  venueManager: venueManagerEntity,
  spaceCoordinator: spaceCoordinatorEntity,
  booking: bookingEntity,
  bookingOccurrence: bookingOccurrenceEntity,
  invitee: inviteeEntity,
  spaceFeed: spaceFeedEntity,
  slideshow: slideshowEntity,
  capFeed: capFeedEntity,
  spaceAlerts: spaceAlertsEntity,
  device: deviceEntity,
  deviceCode: deviceCodeEntity,
  rateCounter: rateCounterEntity,
  occurrenceState: occurrenceStateEntity,
  screenNotice: screenNoticeEntity,
  digestSent: digestSentEntity,
  calendarAccount: calendarAccountEntity,
  calendarLink: calendarLinkEntity,
  calendarPush: calendarPushEntity,
  calendarChannel: calendarChannelEntity,
};

let service: Service<typeof entities> | undefined;

/** The ElectroDB service bound to the table and the process's DocumentClient. */
export function db(): Service<typeof entities> {
  return (service ??= new Service(entities, { client: documentClient(), table: env().TABLE_NAME }));
}

export type AccountItem = EntityItem<typeof accountEntity>;
export type UserItem = EntityItem<typeof userEntity>;
export type AdminItem = EntityItem<typeof adminEntity>;
export type PackageItem = EntityItem<typeof packageEntity>;
export type ConfigItemRecord = EntityItem<typeof configItemEntity>;
export type ActivityItem = EntityItem<typeof activityEntity>;
export type SignInChallengeItem = EntityItem<typeof signInChallengeEntity>;
export type LicenceItem = EntityItem<typeof licenceEntity>;
export type LicencePurchaseItem = EntityItem<typeof licencePurchaseEntity>;
export type BannerItem = EntityItem<typeof bannerEntity>;
export type PlatformStatsItem = EntityItem<typeof platformStatsEntity>;
export type VenueItem = EntityItem<typeof venueEntity>;
export type SpaceItem = EntityItem<typeof spaceEntity>;
export type ScreenItem = EntityItem<typeof screenEntity>;
export type VenueManagerItem = EntityItem<typeof venueManagerEntity>;
export type SpaceCoordinatorItem = EntityItem<typeof spaceCoordinatorEntity>;
export type BookingItem = EntityItem<typeof bookingEntity>;
export type SlideshowItem = EntityItem<typeof slideshowEntity>;
export type CapFeedItem = EntityItem<typeof capFeedEntity>;
export type SpaceAlertsItem = EntityItem<typeof spaceAlertsEntity>;
export type DeviceItem = EntityItem<typeof deviceEntity>;
export type OccurrenceStateItem = EntityItem<typeof occurrenceStateEntity>;
export type ScreenNoticeItem = EntityItem<typeof screenNoticeEntity>;
export type BookingOccurrenceItem = EntityItem<typeof bookingOccurrenceEntity>;
export type InviteeItem = EntityItem<typeof inviteeEntity>;
export type CalendarAccountItem = EntityItem<typeof calendarAccountEntity>;
export type CalendarLinkItem = EntityItem<typeof calendarLinkEntity>;
export type CalendarPushItem = EntityItem<typeof calendarPushEntity>;
export type CalendarChannelItem = EntityItem<typeof calendarChannelEntity>;
