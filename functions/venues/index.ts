export {
  assertActsOnSpace,
  assertActsOnVenue,
  scopeOf,
  seesSpace,
  seesVenue,
  spacePermission,
  type Scope,
} from './scope';
export {
  getSpaceWithScope,
  getVenueWithAssignment,
  getVenuesAndSpaces,
  listCoordinatorItems,
  listScreenItems,
  listSpaceItems,
  listSpaceScreenItems,
  listVenueItems,
  listVenueSpaceItems,
  recentScreenItems,
  venueWithAssignmentKeys,
} from './store';
