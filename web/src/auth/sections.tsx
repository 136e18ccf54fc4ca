import { Navigate, Outlet } from 'react-router-dom';
import { clientSections, type ClientSectionKey } from '@shared/roles';
import { isClientMe } from '@shared/me';
import { useAuth } from './AuthProvider';

/**
 * The client area's guards (docs/product/admin-and-auth.md §2, docs/product/client-area.md §6): a section is open to the roles
 * whose attributes make it visible. They load with the client area (routes.tsx), not with every
 * page: the role rules come with their zod schemas.
 */

function useClientAttrs() {
  const { me } = useAuth();
  return me && isClientMe(me) ? me.rolesAttr : null;
}

/** Lets a client user into a section only when the role marks it visible; otherwise to /c. */
export function RequireSection({ section }: { section: ClientSectionKey }) {
  const attrs = useClientAttrs();
  const def = clientSections.find((s) => s.key === section);
  if (!attrs || !def?.visible(attrs)) return <Navigate to="/c" replace />;
  return <Outlet />;
}

/** /c: goes to the first section the role may see. */
export function ClientHome() {
  const attrs = useClientAttrs();
  const first = attrs ? clientSections.find((s) => s.visible(attrs)) : undefined;
  if (!first) return <p>Your role has no sections yet. Ask your account admin for access.</p>;
  return <Navigate to={first.path} replace />;
}
