import { lazy } from 'react';

/**
 * The profile panel is not part of an area's first paint: it loads when the user menu opens (so
 * that it is there by the time Account is chosen), or at the latest when the panel opens. With it
 * come the profile's rules (the shared schemas, and zod with them).
 */
export const loadProfilePanel = () => import('./ProfilePanel');

export const ProfilePanel = lazy(() => loadProfilePanel().then((m) => ({ default: m.ProfilePanel })));
