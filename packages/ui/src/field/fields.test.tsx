import { useState } from 'react';
import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { CheckboxField, FileField, TextAreaField, TextField } from './fields';

function ControlledName({ error }: { error?: string }) {
  const [value, setValue] = useState('');
  return <TextField label="Name" value={value} onValueChange={setValue} error={error} />;
}

describe('TextField', () => {
  it('is labelled, controlled, and valid until given an error', async () => {
    render(<ControlledName />);
    const input = screen.getByLabelText('Name');
    await userEvent.type(input, 'Blue');
    expect(input).toHaveValue('Blue');
    expect(input).not.toHaveAttribute('aria-invalid');
    expect(input).not.toHaveAttribute('aria-describedby');
  });

  it('ties its error to the input so screen readers read it with the field', () => {
    render(<ControlledName error="Name is required" />);
    const input = screen.getByLabelText('Name');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('Name is required');
  });

  it('passes input attributes through and hands out its input', () => {
    const inputRef = { current: null as HTMLInputElement | null };
    render(<TextField label="Email" type="email" autoComplete="email" value="" onValueChange={() => undefined} inputRef={inputRef} />);
    expect(inputRef.current).toBe(screen.getByLabelText('Email'));
    expect(inputRef.current).toHaveAttribute('type', 'email');
    expect(inputRef.current).toHaveAttribute('autocomplete', 'email');
  });
});

describe('TextAreaField', () => {
  it('is a labelled textarea reporting its value and error', () => {
    const onValueChange = vi.fn();
    render(<TextAreaField label="Description" value="" onValueChange={onValueChange} error="Too long" />);
    const textarea = screen.getByLabelText('Description');
    expect(textarea.tagName).toBe('TEXTAREA');
    fireEvent.change(textarea, { target: { value: 'A song' } });
    expect(onValueChange).toHaveBeenCalledWith('A song');
    expect(textarea).toHaveAccessibleDescription('Too long');
  });
});

describe('FileField', () => {
  it('hands over the chosen file, or null when the choice is cleared', async () => {
    const onFile = vi.fn();
    render(<FileField label="Cover" accept="image/*" onFile={onFile} hint="JPEG or PNG" />);
    const input = screen.getByLabelText('Cover');
    const file = new File(['x'], 'cover.png', { type: 'image/png' });
    await userEvent.upload(input, file);
    expect(onFile).toHaveBeenLastCalledWith(file);
    fireEvent.change(input, { target: { files: [] } });
    expect(onFile).toHaveBeenLastCalledWith(null);
    expect(input).toHaveAttribute('accept', 'image/*');
  });

  it('reads its error before its hint', () => {
    render(<FileField label="Audio" accept="audio/*" onFile={() => undefined} hint="MP3 up to 50 MB" error="Choose an audio file" />);
    expect(screen.getByLabelText('Audio')).toHaveAccessibleDescription('Choose an audio file MP3 up to 50 MB');
  });
});

describe('CheckboxField', () => {
  it('reports the checked state, not the value', async () => {
    const onCheckedChange = vi.fn();
    render(<CheckboxField label="Private" checked={false} onCheckedChange={onCheckedChange} hint="Only you can see it" />);
    const box = screen.getByRole('checkbox', { name: 'Private' });
    expect(box).toHaveAccessibleDescription('Only you can see it');
    await userEvent.click(box);
    expect(onCheckedChange).toHaveBeenCalledWith(true);
  });
});
