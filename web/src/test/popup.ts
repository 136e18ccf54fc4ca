import { act } from '@testing-library/react';

/**
 * The browser side of the product's popups (social sign-in, calendar linking) as a test fakes it:
 * the window `window.open` hands out, and the message its return page posts to the opener.
 */

/** A popup window as window.open returns it: the user (or the page) can close it. */
export function aPopup() {
  const popup = {
    closed: false,
    close: vi.fn(() => {
      popup.closed = true;
    }),
  };
  return popup;
}

/** window.open stubbed to hand out `popup` (null: blocked); returns the spy. */
export function stubOpen(popup: ReturnType<typeof aPopup> | null = aPopup()) {
  return vi.spyOn(window, 'open').mockReturnValue(popup as unknown as Window);
}

/** What the return page posts, as the opening page receives it (from `origin`). */
export function receive(data: unknown, origin = window.location.origin) {
  act(() => {
    window.dispatchEvent(new MessageEvent('message', { data, origin }));
  });
}
