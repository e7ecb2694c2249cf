import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CopyButton } from './copy-button';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('CopyButton', () => {
  it('copies its text, says so on the button and to screen readers, then reads "Copy" again', async () => {
    const writeText = vi.fn(async () => undefined);
    vi.useFakeTimers();
    render(<CopyButton text="http://music.home:8080" label="Copy server URL" />);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const button = screen.getByRole('button', { name: 'Copy server URL' });
    expect(button).toHaveTextContent('Copy');
    await act(async () => fireEvent.click(button));
    expect(writeText).toHaveBeenCalledWith('http://music.home:8080');
    expect(button).toHaveTextContent('Copied');
    expect(screen.getByRole('status')).toHaveTextContent('Copied to the clipboard.');
    act(() => vi.advanceTimersByTime(2000));
    expect(button).toHaveTextContent(/^Copy$/);
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
  });

  it('falls back to the selection copy where the Clipboard API is missing (plain HTTP), and says when nothing worked', async () => {
    Object.defineProperty(navigator, 'clipboard', { value: undefined, configurable: true });
    const execCommand = vi.fn(() => true);
    document.execCommand = execCommand;
    render(<CopyButton text="s3cret" label="Copy the app password" />);
    await userEvent.click(screen.getByRole('button', { name: 'Copy the app password' }));
    expect(execCommand).toHaveBeenCalledWith('copy');
    expect(screen.getByRole('status')).toHaveTextContent('Copied to the clipboard.');
    execCommand.mockReturnValue(false);
    await userEvent.click(screen.getByRole('button', { name: 'Copy the app password' }));
    expect(screen.getByRole('status')).toHaveTextContent('Could not copy: select the text and copy it yourself.');
  });
});
