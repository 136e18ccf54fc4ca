import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ConfirmDialog } from './ConfirmDialog';
import { SidePanel } from './SidePanel';

describe('SidePanel', () => {
  it('closes on Escape, but not on an Escape that answers a question asked over it', async () => {
    const user = userEvent.setup();
    const onClose = vi.fn();
    const onCancel = vi.fn();
    render(
      <SidePanel title="Edit Space" onClose={onClose}>
        <ConfirmDialog message="Delete this slide?" onConfirm={() => {}} onCancel={onCancel} />
      </SidePanel>,
    );
    screen.getByRole('button', { name: 'Yes' }).focus();
    await user.keyboard('{Escape}');
    expect(onClose).not.toHaveBeenCalled();

    screen.getByRole('heading', { name: 'Edit Space' }).focus();
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});
