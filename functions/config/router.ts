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
import { configRoutes } from './routes';

export const handler = groupRouter(configRoutes, [
  clientListAmenities,
  clientListSpaceTypes,
  clientListTimezones,
  clientListVenueTypes,
  createAmenity,
  createSpaceType,
  createVenueType,
  listAmenities,
  listSpaceTypes,
  listVenueTypes,
  updateAmenity,
  updateSpaceType,
  updateVenueType,
]);
