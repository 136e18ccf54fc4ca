import { demoUsers } from '../../infra/local/seed';
import { call, signIn } from './e2e-api';

/**
 * A fresh account (Enterprise, two licences) with a venue in `zone` and a space that takes
 * check-ins 15 minutes either side.
 */
export async function anAccountWithARoom(suffix: string, zone: string) {
  const admin = await signIn('admin', demoUsers.admin);
  const packages = await call('GET', '/admin/packages', admin);
  const enterprise = packages.find((p: { name: string }) => p.name === 'Enterprise');
  const owner = { email: `dee.${suffix}@display.test`, password: 'Display123' };
  const account = await call('POST', '/admin/account', admin, {
    name: `Display ${suffix}`,
    city: 'York',
    package_id: enterprise.id,
    package_start_date: '2026-01-01',
    package_end_date: '2030-12-31',
    admin_first_name: 'Dee',
    admin_last_name: 'Display',
    admin_email: owner.email,
    admin_password: owner.password,
  });
  await call('POST', `/admin/account/${account.id}/license`, admin, {
    no_of_licence: 2,
    purchase_date: '2026-01-01',
    expiration_date: '2030-12-31',
  });
  const token = await signIn('client', owner);
  const venue = await call('POST', '/client/newvenue', token, { name: `Minster ${suffix}`, timezone: zone });
  const space = await call('POST', `/client/newspace/${venue.id}`, token, {
    title: `Chapter Room ${suffix}`,
    check_in_window: 'Yes',
    before_event: 15,
    after_event: 15,
  });
  return { token, venue: venue as { id: string }, space: space as { id: string; title: string } };
}
