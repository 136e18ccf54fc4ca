import { accountsRoutes } from '@shared/api/accounts-routes';
import { bookingsRoutes } from '@shared/api/bookings-routes';
import { meRoutes } from '@shared/api/me-routes';
import { venuesRoutes } from '@shared/api/venues-routes';
import { fakeApi } from '../test/fakeApi';
import { callRoute, pathOf, readRoute } from './call';

describe('a call through a route definition', () => {
  it('fills each {param} of the path, URI-encoded', () => {
    expect(
      pathOf(venuesRoutes['set-venue-manager-permission'], {
        params: { venueId: 'V1', userId: 'a/b c?', permission: 'Approved' },
      }),
    ).toBe('/client/venuemanager/V1/a%2Fb%20c%3F/Approved');
  });

  it('adds the query, leaving out what is not given', () => {
    expect(
      pathOf(accountsRoutes['list-licences'], {
        params: { id: 'A1' },
        query: { search: 'pier & co', page: '2' },
      }),
    ).toBe('/admin/account/A1/license?search=pier+%26+co&page=2');
    expect(pathOf(bookingsRoutes['get-booking'], { params: { id: 'B1' }, query: {} })).toBe(
      '/client/booking/B1',
    );
  });

  it("sends the route's method, its path and its body, and answers the reply", async () => {
    const fake = fakeApi()
      .ok('DELETE', '/client/booking/B1', null, 'Booking deleted')
      .ok('POST', '/client/me/mfa/enable', null, 'Saved')
      .ok('GET', '/client/mypackage', { name: 'Gold' });

    await expect(
      callRoute(bookingsRoutes['delete-booking'], {
        params: { id: 'B1' },
        query: { applicable: 'THIS', occurrence_start: '2030-01-02T10:00:00' },
      }),
    ).resolves.toEqual({ result: null, message: 'Booking deleted' });
    await callRoute(meRoutes['client-mfa-enable'], { body: { code: '123456' } });
    await expect(readRoute(meRoutes['get-my-package'])).resolves.toEqual({ name: 'Gold' });

    expect(fake.calls.map((call) => [call.method, call.path, call.query, call.body])).toEqual([
      ['DELETE', '/client/booking/B1', { applicable: 'THIS', occurrence_start: '2030-01-02T10:00:00' }, null],
      ['POST', '/client/me/mfa/enable', {}, { code: '123456' }],
      ['GET', '/client/mypackage', {}, null],
    ]);
  });

  it('is checked against the route by the type checker', () => {
    // Never called: `npm run typecheck` holds each line below to its route's schemas.
    const unused = () => {
      // @ts-expect-error a route with params needs them
      pathOf(venuesRoutes['get-venue']);
      // @ts-expect-error a param the path does not have
      pathOf(venuesRoutes['get-venue'], { params: { venueId: 'V1' } });
      // @ts-expect-error a body field the route does not take
      void callRoute(accountsRoutes['create-licences'], { params: { id: 'A1' }, body: { colour: 'red' } });
      // @ts-expect-error a route without a body takes none
      void callRoute(meRoutes['get-my-package'], { body: {} });
      // The result is the response schema's output.
      void readRoute(meRoutes['get-my-package']).then((myPackage) => {
        // @ts-expect-error no such field in the package
        void myPackage.colour;
      });
    };
    expect(unused).toBeTypeOf('function');
  });
});
