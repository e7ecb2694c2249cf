import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Button, IconButton, buttonClassName } from './button';

describe('Button', () => {
  it('is a plain button unless told to submit, so it never submits a form by accident', async () => {
    const onSubmit = vi.fn((event: Event) => event.preventDefault());
    render(
      <form onSubmit={(event) => onSubmit(event.nativeEvent)}>
        <Button>Cancel</Button>
        <Button type="submit">Save</Button>
      </form>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onSubmit).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });

  it('carries its variant and size classes and keeps the caller’s class', () => {
    render(
      <Button variant="danger" size="small" className="extra">
        Delete
      </Button>,
    );
    const button = screen.getByRole('button', { name: 'Delete' });
    expect(button.className).toBe(`${buttonClassName('danger', 'small')} extra`);
    expect(buttonClassName('danger', 'small')).not.toBe(buttonClassName('primary'));
  });

  it('does not act when disabled', async () => {
    const onClick = vi.fn();
    render(
      <Button disabled onClick={onClick}>
        Save
      </Button>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(onClick).not.toHaveBeenCalled();
  });
});

describe('IconButton', () => {
  it('is named by its label (no visible text) and shows it as a tooltip', async () => {
    const onClick = vi.fn();
    render(
      <IconButton label="More options for Song" onClick={onClick}>
        <svg aria-hidden="true" />
      </IconButton>,
    );
    const button = screen.getByRole('button', { name: 'More options for Song' });
    expect(button).toHaveAttribute('title', 'More options for Song');
    expect(button).toHaveAttribute('type', 'button');
    await userEvent.click(button);
    expect(onClick).toHaveBeenCalledTimes(1);
  });

  it('marks the active state with its own class', () => {
    const { rerender } = render(
      <IconButton label="Like">
        <svg aria-hidden="true" />
      </IconButton>,
    );
    const inactive = screen.getByRole('button', { name: 'Like' }).className;
    rerender(
      <IconButton label="Like" active>
        <svg aria-hidden="true" />
      </IconButton>,
    );
    expect(screen.getByRole('button', { name: 'Like' }).className).not.toBe(inactive);
  });
});
