import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { forgetPlayableFormats } from '../lib/can-play';
import { UnplayableNote } from './unplayable-note';

afterEach(() => {
  vi.restoreAllMocks();
  forgetPlayableFormats();
});

describe('UnplayableNote', () => {
  it('names a format the browser cannot play, asking canPlayType with its codec', () => {
    const ask = vi.spyOn(HTMLMediaElement.prototype, 'canPlayType').mockImplementation((type) => (type === 'audio/flac' ? 'maybe' : ''));
    const { rerender } = render(<UnplayableNote format="alac" />);
    expect(screen.getByText(/ALAC \(\.m4a\) cannot play in this browser/)).toBeInTheDocument();
    expect(ask).toHaveBeenCalledWith('audio/mp4; codecs="alac"');
    rerender(<UnplayableNote format="flac" />);
    expect(screen.queryByText(/cannot play/)).toBeNull();
  });

  it('says nothing for mp3s and songs without a format', () => {
    vi.spyOn(HTMLMediaElement.prototype, 'canPlayType').mockReturnValue('');
    render(
      <>
        <UnplayableNote format="mp3" />
        <UnplayableNote format={undefined} />
      </>,
    );
    expect(screen.queryByText(/cannot play/)).toBeNull();
  });
});
