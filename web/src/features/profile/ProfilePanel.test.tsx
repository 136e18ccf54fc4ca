import { screen, waitFor, within } from '@testing-library/react';
import { aClientMe, anAdminMe, signedInAs } from '../../test/builders';
import { fakeApi } from '../../test/fakeApi';
import { renderApp } from '../../test/renderApp';

async function openProfile(user: ReturnType<typeof renderApp>['user'], name: string) {
  await user.click(await screen.findByRole('button', { name: `User menu of ${name}` }));
  await user.click(await screen.findByRole('menuitem', { name: 'Account' }));
  return screen.findByRole('dialog', { name: 'My profile' });
}

describe('profile panel', () => {
  it('shows the profile read-only first, with the PIN of a client user', async () => {
    const api = fakeApi();
    signedInAs(api, aClientMe());
    const { user } = renderApp('/c/dashboard');
    const panel = await openProfile(user, 'Ada Lovelace');
    expect(within(panel).getByText('ada@example.com')).toBeInTheDocument();
    expect(within(panel).getByText('PIN')).toBeInTheDocument();
    expect(within(panel).getByText('1234')).toBeInTheDocument();
    expect(within(panel).queryByRole('textbox')).not.toBeInTheDocument();
  });

  it('refreshes the PIN', async () => {
    const api = fakeApi().ok('GET', '/client/resetPIN', { pin_number: '0421' }, 'PIN updated');
    signedInAs(api, aClientMe());
    const { user } = renderApp('/c/dashboard');
    const panel = await openProfile(user, 'Ada Lovelace');
    await user.click(within(panel).getByRole('button', { name: 'Edit' }));
    const pin = await screen.findByLabelText('PIN');
    expect(pin).toHaveValue('1234');
    expect(pin).toHaveAttribute('readonly');
    await user.click(screen.getByRole('button', { name: 'Refresh PIN' }));
    expect(await screen.findByText('PIN updated')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText('PIN')).toHaveValue('0421'));
  });

  it('offers a super admin acting as the user neither a new PIN nor a new password', async () => {
    const api = fakeApi();
    signedInAs(
      api,
      aClientMe('Account Admin', { impersonated_by: { id: 'admin-1', email: 'grace@example.com' } }),
    );
    const { user } = renderApp('/c/dashboard');
    const panel = await openProfile(user, 'Ada Lovelace');
    expect(within(panel).getByText('1234')).toBeInTheDocument();
    expect(within(panel).queryByRole('button', { name: 'Change password' })).not.toBeInTheDocument();
    await user.click(within(panel).getByRole('button', { name: 'Edit' }));
    expect(await screen.findByLabelText('PIN')).toHaveValue('1234');
    expect(screen.queryByRole('button', { name: 'Refresh PIN' })).not.toBeInTheDocument();
  });

  it('shows no PIN to a super admin', async () => {
    const api = fakeApi();
    signedInAs(api, anAdminMe());
    const { user } = renderApp('/admin');
    const panel = await openProfile(user, 'Grace Hopper');
    expect(within(panel).queryByText('PIN')).not.toBeInTheDocument();
    await user.click(within(panel).getByRole('button', { name: 'Edit' }));
    expect(await screen.findByLabelText('First name')).toBeInTheDocument();
    expect(screen.queryByLabelText('PIN')).not.toBeInTheDocument();
  });

  it('saves the profile and shows it again', async () => {
    const me = aClientMe();
    const api = fakeApi();
    signedInAs(api, me);
    api.on('POST', '/client/profileChange', ({ body }) => ({
      body: { result: { ...me, ...(body as object) }, message: 'Profile updated' },
    }));
    const { user } = renderApp('/c/dashboard');
    const panel = await openProfile(user, 'Ada Lovelace');
    await user.click(within(panel).getByRole('button', { name: 'Edit' }));
    expect(await screen.findByLabelText('E-mail')).toHaveAttribute('readonly');
    expect(screen.getByLabelText('Designation')).toHaveAttribute('readonly');
    const first = screen.getByLabelText(/First name/);
    await user.clear(first);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Field is required')).toBeInTheDocument();
    expect(api.callsTo('POST', '/client/profileChange')).toHaveLength(0);

    await user.type(first, 'Augusta');
    await user.type(screen.getByLabelText('Cell'), '555-0199');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Profile updated')).toBeInTheDocument();
    expect(api.callsTo('POST', '/client/profileChange')[0]?.body).toEqual({
      first_name: 'Augusta',
      last_name: 'Lovelace',
      phone_no: '555-0100',
      cell_no: '555-0199',
    });
    expect(api.callsTo('POST', '/client/uploads')).toHaveLength(0);
    const view = await screen.findByRole('dialog', { name: 'My profile' });
    expect(within(view).getByText('Augusta Lovelace')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'User menu of Augusta Lovelace' })).toBeInTheDocument();
  });

  it('changes the password, then asks to log in again', async () => {
    const api = fakeApi()
      .ok('POST', '/client/passwordChange', null, 'Password changed')
      // The password change ended every session, so the logout call is refused.
      .on('POST', '/client/auth/logout', { status: 401, body: { message: 'Unauthorized' } });
    signedInAs(api, aClientMe());
    const { user, location } = renderApp('/c/dashboard');
    const panel = await openProfile(user, 'Ada Lovelace');
    await user.click(within(panel).getByRole('button', { name: 'Change password' }));
    await user.type(await screen.findByLabelText('Current password'), 'OldSecret1');
    await user.type(screen.getByLabelText('New password'), 'NewSecret1');
    await user.type(screen.getByLabelText('Repeat password'), 'NewSecret1');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Password changed')).toBeInTheDocument();
    await waitFor(() => expect(location()).toBe('/login'));
    expect(screen.queryByText('Please log in!')).not.toBeInTheDocument();
    expect(api.callsTo('POST', '/client/passwordChange')[0]?.body).toEqual({
      current_password: 'OldSecret1',
      password: 'NewSecret1',
      password_confirmation: 'NewSecret1',
    });
    expect(localStorage.getItem('auth.token')).toBeNull();
  });

  it('turns two-factor authentication on from a QR code and its code, then sends the user to log in', async () => {
    const api = fakeApi()
      .ok('POST', '/client/me/mfa/setup', {
        otpauth_uri: 'otpauth://totp/Spaces:ada%40example.com?issuer=Spaces&secret=JBSWY3DPEHPK3PXP',
        secret: 'JBSWY3DPEHPK3PXP',
      })
      .on(
        'POST',
        '/client/me/mfa/enable',
        {
          status: 422,
          body: {
            message: { code: 'The code is not correct. Enter the current code from your authenticator app' },
          },
        },
        {
          body: {
            result: null,
            message: 'Two-factor authentication is on. Log in again with a code from your app',
          },
        },
      )
      .on('POST', '/client/auth/logout', { status: 401, body: { message: 'Unauthorized' } });
    signedInAs(api, aClientMe('Venue Manager', { mfa_enabled: false }));
    const { user, location } = renderApp('/c/dashboard');
    const panel = await openProfile(user, 'Ada Lovelace');
    expect(within(panel).getByText('Off')).toBeInTheDocument();
    await user.click(within(panel).getByRole('button', { name: 'Turn on two-factor' }));
    expect(
      await screen.findByRole('img', { name: 'QR code to scan with your authenticator app' }),
    ).toBeInTheDocument();
    expect(screen.getByTestId('mfa-key')).toHaveTextContent('JBSW Y3DP EHPK 3PXP');
    await user.type(screen.getByLabelText('Code', { exact: true }), '000000');
    await user.click(screen.getByRole('button', { name: 'Turn on' }));
    // Toasted, and under the field.
    expect(
      await screen.findAllByText(
        'The code is not correct. Enter the current code from your authenticator app',
      ),
    ).toHaveLength(2);
    await user.type(screen.getByLabelText('Code', { exact: true }), '123456');
    await user.click(screen.getByRole('button', { name: 'Turn on' }));
    expect(
      await screen.findByText('Two-factor authentication is on. Log in again with a code from your app'),
    ).toBeInTheDocument();
    await waitFor(() => expect(location()).toBe('/login'));
    expect(api.callsTo('POST', '/client/me/mfa/enable')[1]?.body).toEqual({ code: '123456' });
  });

  it('turns two-factor authentication off with a current code', async () => {
    const api = fakeApi().ok('POST', '/client/me/mfa/disable', null, 'Two-factor authentication is off');
    signedInAs(api, aClientMe('Venue Manager', { mfa_enabled: true }));
    const { user } = renderApp('/c/dashboard');
    const panel = await openProfile(user, 'Ada Lovelace');
    expect(within(panel).getByText('On')).toBeInTheDocument();
    await user.click(within(panel).getByRole('button', { name: 'Turn off two-factor' }));
    expect(screen.queryByRole('img', { name: /QR code/ })).not.toBeInTheDocument();
    await user.type(await screen.findByLabelText('Code', { exact: true }), '654321');
    await user.click(screen.getByRole('button', { name: 'Turn off' }));
    expect(await screen.findByText('Two-factor authentication is off')).toBeInTheDocument();
    expect(api.callsTo('POST', '/client/me/mfa/setup')).toHaveLength(0);
    expect(api.callsTo('POST', '/client/me/mfa/disable')[0]?.body).toEqual({ code: '654321' });
  });

  it('lists the linked sign-ins and unlinks one after asking', async () => {
    const google = { provider: 'google', email: 'ada@gmail.example', linked_at: '2026-03-04T10:00:00.000Z' };
    const microsoft = { provider: 'microsoft', email: null, linked_at: '2026-03-05T10:00:00.000Z' };
    const api = fakeApi()
      .on(
        'GET',
        '/client/me/sign-ins',
        { body: { result: [google, microsoft] } },
        { body: { result: [microsoft] } },
      )
      .ok('DELETE', '/client/me/sign-ins/google', null, 'Google sign-in unlinked');
    signedInAs(api, aClientMe());
    const { user } = renderApp('/c/dashboard');
    const panel = await openProfile(user, 'Ada Lovelace');
    const section = await within(panel).findByRole('region', { name: 'Linked sign-ins' });
    expect(await within(section).findByText('Google')).toBeInTheDocument();
    expect(within(section).getByText(/ada@gmail\.example · Linked/)).toBeInTheDocument();
    expect(within(section).getByText('Microsoft')).toBeInTheDocument();

    await user.click(within(section).getByRole('button', { name: 'Unlink Google' }));
    const question = await screen.findByRole('alertdialog', { name: 'Unlink Google' });
    await user.click(within(question).getByRole('button', { name: 'No' }));
    expect(api.callsTo('DELETE', '/client/me/sign-ins/google')).toHaveLength(0);

    await user.click(within(section).getByRole('button', { name: 'Unlink Google' }));
    await user.click(
      within(await screen.findByRole('alertdialog', { name: 'Unlink Google' })).getByRole('button', {
        name: 'Yes',
      }),
    );
    expect(await screen.findByText('Google sign-in unlinked')).toBeInTheDocument();
    await waitFor(() => expect(within(section).queryByText('Google')).not.toBeInTheDocument());
    expect(within(section).getByText('Microsoft')).toBeInTheDocument();
    expect(api.callsTo('DELETE', '/client/me/sign-ins/google')).toHaveLength(1);
  });

  it('says when no sign-in is linked, naming the providers of the login page', async () => {
    const api = fakeApi().ok('GET', '/admin/me/sign-ins', []);
    signedInAs(api, anAdminMe());
    const { user } = renderApp('/admin');
    const panel = await openProfile(user, 'Grace Hopper');
    expect(
      await within(panel).findByText('No sign-in linked. Signing in with Google links it to your user.'),
    ).toBeInTheDocument();
  });

  it('shows a super admin acting as the user the linked sign-ins without Unlink', async () => {
    const api = fakeApi().ok('GET', '/client/me/sign-ins', [
      { provider: 'facebook', email: 'ada@example.com', linked_at: '2026-03-04T10:00:00.000Z' },
    ]);
    signedInAs(
      api,
      aClientMe('Account Admin', { impersonated_by: { id: 'admin-1', email: 'grace@example.com' } }),
    );
    const { user } = renderApp('/c/dashboard');
    const panel = await openProfile(user, 'Ada Lovelace');
    expect(await within(panel).findByText('Facebook')).toBeInTheDocument();
    expect(within(panel).queryByRole('button', { name: /^Unlink/ })).not.toBeInTheDocument();
  });

  it('closes with Escape', async () => {
    const api = fakeApi();
    signedInAs(api, aClientMe());
    const { user } = renderApp('/c/dashboard');
    await openProfile(user, 'Ada Lovelace');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('puts a wrong current password under its field', async () => {
    const api = fakeApi().on('POST', '/client/passwordChange', {
      status: 422,
      body: { message: { current_password: 'The current password is incorrect' } },
    });
    signedInAs(api, aClientMe());
    const { user, location } = renderApp('/c/dashboard');
    const panel = await openProfile(user, 'Ada Lovelace');
    await user.click(within(panel).getByRole('button', { name: 'Change password' }));
    await user.type(await screen.findByLabelText('Current password'), 'WrongOld1');
    await user.type(screen.getByLabelText('New password'), 'NewSecret1');
    await user.type(screen.getByLabelText('Repeat password'), 'NewSecret1');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findAllByText('The current password is incorrect')).not.toHaveLength(0);
    expect(screen.getByLabelText('Current password')).toHaveAttribute('aria-invalid', 'true');
    expect(location()).toBe('/c/dashboard');
  });
});
