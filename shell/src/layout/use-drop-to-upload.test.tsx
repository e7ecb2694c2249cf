import { act, render } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { getEventBus } from '@tunafy/event-bus';
import { useDropToUpload } from './use-drop-to-upload';

const where = { pathname: '' };

function Probe({ enabled }: { enabled: boolean }) {
  useDropToUpload(enabled);
  where.pathname = useLocation().pathname;
  return null;
}

/** jsdom has no DragEvent or DataTransfer: an event carrying what the hook reads. */
function dropOf(files: File[], type: 'drop' | 'dragover' = 'drop'): Event {
  const event = new Event(type, { cancelable: true, bubbles: true });
  const items = files.map((file) => ({ webkitGetAsEntry: () => ({ isFile: true, isDirectory: false, name: file.name, fullPath: `/${file.name}` }) }));
  Object.defineProperty(event, 'dataTransfer', { value: { types: ['Files'], items, files, dropEffect: 'none' } });
  return event;
}

describe('dropping files on the app', () => {
  it('opens the upload screen and hands the drop over on the bus', () => {
    const seen: unknown[] = [];
    getEventBus().on('library:files-dropped').subscribe((payload) => seen.push(payload));
    render(
      <MemoryRouter initialEntries={['/songs']}>
        <Probe enabled />
      </MemoryRouter>,
    );
    const over = dropOf([], 'dragover');
    act(() => {
      window.dispatchEvent(over);
    });
    expect(over.defaultPrevented).toBe(true);
    const song = new File(['x'], '01 - Song.flac');
    const drop = dropOf([song]);
    act(() => {
      window.dispatchEvent(drop);
    });
    expect(drop.defaultPrevented).toBe(true);
    expect(where.pathname).toBe('/upload');
    expect(seen).toEqual([{ entries: [expect.objectContaining({ name: '01 - Song.flac' })], files: [song] }]);
  });

  it('leaves drops alone for guests, and drops the upload screen already took', () => {
    const seen: unknown[] = [];
    getEventBus().on('library:files-dropped').subscribe((payload) => seen.push(payload));
    const { unmount } = render(
      <MemoryRouter initialEntries={['/songs']}>
        <Probe enabled={false} />
      </MemoryRouter>,
    );
    const guestDrop = dropOf([new File(['x'], 'a.mp3')]);
    act(() => {
      window.dispatchEvent(guestDrop);
    });
    expect(guestDrop.defaultPrevented).toBe(false);
    unmount();

    render(
      <MemoryRouter initialEntries={['/upload']}>
        <Probe enabled />
      </MemoryRouter>,
    );
    const taken = dropOf([new File(['x'], 'a.mp3')]);
    taken.preventDefault();
    act(() => {
      window.dispatchEvent(taken);
    });
    expect(seen).toEqual([]);
  });
});
