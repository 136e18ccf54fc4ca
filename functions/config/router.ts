import { groupRouter } from '../http/router';
import { handler as clientListAmenities } from './client-list-amenities';
import { handler as clientListSpaceTypes } from './client-list-space-types';
import { handler as clientListTimezones } from './client-list-timezones';
import { handler as clientListVenueTypes } from './client-list-venue-types';
import { handler as createAmenity } from './create-amenity';
import { handler as createSpaceType } from './create-space-type';
import { handler as createVenueType } from './create-venue-type';
import { handler as listAmenities } from './list-amenities';
import { handler as listSpaceTypes } from './list-space-types';
import { handler as listVenueTypes } from './list-venue-types';
import { handler as updateAmenity } from './update-amenity';
import { handler as updateSpaceType } from './update-space-type';
import { handler as updateVenueType } from './update-venue-type';

export const handler = groupRouter('config', {
  'config/list-amenities': listAmenities,
  'config/create-amenity': createAmenity,
  'config/update-amenity': updateAmenity,
  'config/list-space-types': listSpaceTypes,
  'config/create-space-type': createSpaceType,
  'config/update-space-type': updateSpaceType,
  'config/list-venue-types': listVenueTypes,
  'config/create-venue-type': createVenueType,
  'config/update-venue-type': updateVenueType,
  'config/client-list-amenities': clientListAmenities,
  'config/client-list-venue-types': clientListVenueTypes,
  'config/client-list-space-types': clientListSpaceTypes,
  'config/client-list-timezones': clientListTimezones,
});
