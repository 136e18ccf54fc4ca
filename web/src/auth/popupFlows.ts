import { calendarProviders } from '@shared/calendars';
import { socialProviders, type SocialProvider } from '@shared/social';

/**
 * The product's two popups (docs/product/admin-and-auth.md §2 "Login screen", docs/product/client-area.md §7 "Popups"): social
 * sign-in from the login pages, and linking a Google or Microsoft calendar account to a venue.
 * Each is an OAuth authorization-code request in a 400 × 400 window opened on the product's own
 * proxy page (`{base}/{provider}/proxy`), which forwards to the provider; the provider sends the
 * window back to the return page (`{base}/{provider}`), which posts the code to the opener. One
 * machinery does both: ./popup.ts (the stored attempt), ./usePopupCode.ts (the opener),
 * features/auth/PopupPages.tsx (the window's pages).
 *
 * No zod here, nor anything that brings it: the route table, which every page loads, reads this
 * (shared/calendars.ts is zod-free for that reason).
 */
export interface PopupFlow {
  /** localStorage key of the attempt in progress, which the window's pages read. */
  key: string;
  /** Where the window's pages are: `{base}/{provider}/proxy` and `{base}/{provider}`. */
  base: string;
  /** The window's name: a second click reuses the window rather than opening another. */
  windowName: string;
  /** What the window is for, after the provider's name, as its heading and title: 'Google sign-in'. */
  purpose: string;
  /** Posted by the return page when `state` is not the one stored. */
  mismatch: string;
  /** Toasted when the browser blocks the window. */
  blocked: string;
  providers: readonly SocialProvider[];
}

export const popupFlows = {
  signIn: {
    key: 'auth.social',
    base: '/auth',
    windowName: 'spaces-social-sign-in',
    purpose: 'sign-in',
    mismatch: 'The sign-in could not be confirmed. Please try again',
    blocked: 'The sign-in window was blocked. Allow pop-ups for this site and try again',
    providers: socialProviders,
  },
  calendar: {
    key: 'calendar.link',
    base: '/calendar',
    windowName: 'spaces-calendar-link',
    purpose: 'calendar',
    mismatch: 'The calendar account could not be confirmed. Please try again',
    blocked: 'The calendar window was blocked. Allow pop-ups for this site and try again',
    providers: calendarProviders,
  },
} as const satisfies Record<string, PopupFlow>;

export type PopupFlowName = keyof typeof popupFlows;
