import { clientSections } from '@shared/roles';
import { isClientMe } from '@shared/me';
import { useAboutMe } from '../api/hooks';
import { useAuth } from '../auth/AuthProvider';
import { ClientBanners } from '../components/Banners';
import { AccountSummary } from './AccountSummary';
import { AreaLayout } from './AreaLayout';
import { ImpersonationBar } from './ImpersonationBar';
import { NextEvent } from './NextEvent';
import { Totals } from './Totals';

/** The client area (/c): account in the header, totals when the role's statistics flag allows, role-filtered menu. */
export function ClientLayout() {
  const { me, session } = useAuth();
  const client = me && isClientMe(me) ? me : null;
  const statistics = client?.rolesAttr.statistics ?? false;
  const { data: about } = useAboutMe(statistics);
  if (!client) return null;
  const menu = clientSections
    .filter((section) => section.visible(client.rolesAttr))
    .map(({ path, label }) => ({ path, label }));
  return (
    <AreaLayout
      menu={menu}
      notice={
        <>
          {session?.impersonator && <ImpersonationBar />}
          <ClientBanners />
        </>
      }
      header={
        <>
          <AccountSummary account={client.account} />
          <NextEvent />
          {statistics && about?.totals && <Totals totals={about.totals} />}
        </>
      }
    />
  );
}
