import { useEffect } from 'react';
import { Outlet, useMatches } from 'react-router-dom';

export const PRODUCT_NAME = 'Spaces';

/** What a route may carry in `handle`. */
export interface RouteHandle {
  /** The section name in the page title: 'Spaces | {title}'. */
  title?: string;
}

function titleOf(handle: unknown): string | undefined {
  return handle && typeof handle === 'object' && 'title' in handle && typeof handle.title === 'string'
    ? handle.title
    : undefined;
}

/** The top route: sets the page title from the deepest route that names a section. */
export function RootLayout() {
  const matches = useMatches();
  const section = matches.map((match) => titleOf(match.handle)).findLast(Boolean);
  useEffect(() => {
    document.title = section ? `${PRODUCT_NAME} | ${section}` : PRODUCT_NAME;
  }, [section]);
  return <Outlet />;
}
