import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { FileButton } from './file-button';

describe('FileButton', () => {
  it('is a file input labelled by its text, which hands the chosen files to onChange', async () => {
    const onChange = vi.fn((event: { currentTarget: HTMLInputElement }) => [...(event.currentTarget.files ?? [])].map((file) => file.name));
    render(
      <FileButton multiple accept=".mp3" onChange={onChange}>
        Choose files
      </FileButton>,
    );
    const input = screen.getByLabelText('Choose files');
    expect(input).toHaveAttribute('type', 'file');
    expect(input).toHaveAttribute('accept', '.mp3');
    await userEvent.upload(input, [new File(['a'], 'a.mp3'), new File(['b'], 'b.mp3')]);
    expect(onChange).toHaveReturnedWith(['a.mp3', 'b.mp3']);
  });
});
