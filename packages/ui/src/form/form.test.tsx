import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { Form, FormActions, FormAlert, SubmitButton } from './form';

describe('FormAlert', () => {
  it('keeps an empty live region until a message fills it', () => {
    const { rerender } = render(<FormAlert message={null} />);
    const region = screen.getByRole('alert');
    expect(region).toBeEmptyDOMElement();
    rerender(<FormAlert message="Something went wrong. Please try again." />);
    expect(screen.getByRole('alert')).toBe(region);
    expect(region).toHaveTextContent('Something went wrong. Please try again.');
  });
});

describe('SubmitButton', () => {
  it('says Loading... and is busy while saving', () => {
    const { rerender } = render(<SubmitButton label="Create" pending={false} />);
    expect(screen.getByRole('button', { name: 'Create' })).toBeEnabled();
    rerender(<SubmitButton label="Create" pending />);
    const button = screen.getByRole('button', { name: 'Loading...' });
    expect(button).toBeDisabled();
    expect(button).toHaveAttribute('aria-busy', 'true');
  });

  it('is unusable while an error is shown', () => {
    render(<SubmitButton label="Create" pending={false} blocked />);
    expect(screen.getByRole('button', { name: 'Create' })).toBeDisabled();
  });
});

describe('Form', () => {
  it('is a form with its fields and actions, passing its attributes through', () => {
    const onSubmit = vi.fn((event: { preventDefault: () => void }) => event.preventDefault());
    render(
      <Form aria-label="Sign up" noValidate onSubmit={onSubmit}>
        <FormActions stacked>
          <SubmitButton label="Sign Up" pending={false} />
        </FormActions>
      </Form>,
    );
    const form = screen.getByRole('form', { name: 'Sign up' });
    expect(form).toHaveAttribute('novalidate');
    screen.getByRole('button', { name: 'Sign Up' }).click();
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });
});
