import { screen, waitFor, within } from '@testing-library/react';
import { fakeApi } from '../../test/fakeApi';
import { renderApp } from '../../test/renderApp';

describe('the components page', () => {
  it('shows every piece of the kit in a section of its own', async () => {
    fakeApi();
    renderApp('/components');
    expect(await screen.findByRole('heading', { level: 1, name: 'Components' })).toBeInTheDocument();
    for (const title of [
      'Buttons',
      'Fields and their messages',
      'Toggles and badges',
      'Toasts',
      'Progress bar',
      'Side panel',
      'Data table',
      'Confirmation dialog',
      'Banner',
      'Loading and failure',
    ]) {
      expect(screen.getByRole('heading', { level: 2, name: title }), title).toBeInTheDocument();
    }
  });

  it('shows the spec’s field messages and blocks saving until they are put right', async () => {
    fakeApi();
    const { user } = renderApp('/components');
    const form = await screen.findByRole('form', { name: 'Sample form' });
    await user.type(within(form).getByLabelText(/Name/), 'x'.repeat(31));
    await user.type(within(form).getByLabelText(/E-mail/), 'not-an-email');
    await user.type(within(form).getByLabelText(/^Password/), 'short');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText('Field should be less than 30 characters')).toBeInTheDocument();
    expect(within(form).getByText('Field should be an email address')).toBeInTheDocument();
    expect(
      within(form).getByText(
        'Password must be at least 8 characters, and contain 1 number, 1 uppercase character, and 1 lowercase character',
      ),
    ).toBeInTheDocument();
    expect(within(form).getByRole('button', { name: 'Save' })).toBeDisabled();
  });

  it('opens the side panel to add, then shows details that switch to edit', async () => {
    fakeApi();
    const { user } = renderApp('/components');
    await user.click(await screen.findByRole('button', { name: 'Open to add' }));
    const adding = screen.getByRole('dialog', { name: 'Add room' });
    await user.click(within(adding).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Room created')).toBeInTheDocument();
    const details = screen.getByRole('dialog', { name: 'Room 01' });
    await user.click(within(details).getByRole('button', { name: 'Edit' }));
    expect(screen.getByRole('dialog', { name: 'Edit room' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog', { name: 'Edit room' })).not.toBeInTheDocument();
  });

  it('asks in the confirmation dialog and tells the answer', async () => {
    fakeApi();
    const { user } = renderApp('/components');
    await user.click(await screen.findByRole('button', { name: 'Ask' }));
    await user.click(screen.getByRole('button', { name: 'No' }));
    expect(screen.getByText('You answered No')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Ask' }));
    await user.click(screen.getByRole('button', { name: 'Yes' }));
    expect(screen.getByText('You answered Yes')).toBeInTheDocument();
  });

  it('pages and searches the table, and its toggles save', async () => {
    fakeApi();
    const { user } = renderApp('/components');
    const table = await screen.findByRole('table', { name: 'Rooms' });
    expect(within(table).getAllByRole('row')).toHaveLength(11);
    await user.type(screen.getByLabelText('Search rooms'), 'Room 24');
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(2));
    await user.click(within(table).getByRole('switch', { name: 'Status of Room 24' }));
    expect(await screen.findByText('Room 24 is Inactive')).toBeInTheDocument();
  });

  it('sends a real request, with the progress bar while it runs', async () => {
    let answer!: () => void;
    const api = fakeApi().on('GET', '/health', {
      until: new Promise<void>((resolve) => (answer = resolve)),
      body: { result: { status: 'ok' } },
    });
    const { user } = renderApp('/components');
    await user.click(await screen.findByRole('button', { name: 'Send a request' }));
    // The page's own sample loader is one; the bar at the top comes while the request runs.
    await waitFor(() => expect(screen.getAllByRole('progressbar', { name: 'Loading' })).toHaveLength(2));
    answer();
    expect(await screen.findByText('The API answered: ok')).toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByRole('progressbar', { name: 'Loading' })).toHaveLength(1));
    expect(api.callsTo('GET', '/health')).toHaveLength(1);
  });
});
