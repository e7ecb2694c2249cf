import { fireEvent, render, screen } from '@testing-library/react';
import type { SVGProps } from 'react';
import { describe, expect, it } from 'vitest';
import { Cover } from './cover';

function AlbumMark(props: SVGProps<SVGSVGElement>) {
  return <svg data-testid="album-mark" {...props} />;
}

describe('Cover', () => {
  it('shows the image lazily in a fixed box, decorative unless it has alt text', () => {
    const { container } = render(<Cover src="/api/files/a" size={48} />);
    const image = container.querySelector('img')!;
    expect(image).toHaveAttribute('src', '/api/files/a');
    expect(image).toHaveAttribute('alt', '');
    expect(image).toHaveAttribute('loading', 'lazy');
    expect(image.parentElement).toHaveStyle({ width: '48px', height: '48px' });
    expect(image).not.toHaveAttribute('fetchpriority');
  });

  it('loads a first-screen cover at once: high priority for a hero, eager without priority for a list’s first rows', () => {
    render(<Cover src="/api/files/b" size={232} alt="Blue Train" priority="high" />);
    const hero = screen.getByRole('img', { name: 'Blue Train' });
    expect(hero).toHaveAttribute('loading', 'eager');
    expect(hero).toHaveAttribute('fetchpriority', 'high');
    render(<Cover src="/api/files/c" size={40} alt="Giant Steps" priority="eager" />);
    const row = screen.getByRole('img', { name: 'Giant Steps' });
    expect(row).toHaveAttribute('loading', 'eager');
    expect(row).not.toHaveAttribute('fetchpriority');
  });

  it('offers every derived size of our own files, with sizes from the box it is drawn in', () => {
    const id = '65a1f0c2b3d4e5f6a7b8c9d0';
    const { container } = render(<Cover src={`/api/files/${id}`} size={40} />);
    const image = container.querySelector('img')!;
    expect(image).toHaveAttribute('src', `/api/files/${id}`);
    expect(image).toHaveAttribute('srcset', `/api/files/${id}?size=64 64w, /api/files/${id}?size=128 128w, /api/files/${id}?size=300 300w, /api/files/${id}?size=640 640w`);
    expect(image).toHaveAttribute('sizes', '40px');
    // The box keeps its size whatever the browser picks, so nothing moves when it arrives.
    expect(image).toHaveAttribute('width', '40');
    expect(image).toHaveAttribute('height', '40');
  });

  it('gives a fluid cover the sizes its caller knows, else half a phone’s width or a card’s', () => {
    const id = '65a1f0c2b3d4e5f6a7b8c9d1';
    const { container, rerender } = render(<Cover src={`/api/files/${id}`} size={176} fluid />);
    const image = () => container.querySelector('img')!;
    expect(image()).toHaveAttribute('sizes', '(max-width: 600px) 50vw, 200px');
    expect(image().parentElement).toHaveStyle({ width: '100%', aspectRatio: '1 / 1' });
    rerender(<Cover src={`/api/files/${id}`} size={640} fluid sizes="min(100vw - 40px, 46vh)" />);
    expect(image()).toHaveAttribute('sizes', 'min(100vw - 40px, 46vh)');
  });

  it('leaves a local preview or another site’s picture as it is: no srcset, no sizes', () => {
    for (const src of ['blob:http://localhost/4f1c', 'data:image/png;base64,iVBORw0KGgo=', 'https://example.org/cover.jpg', '/api/files/65a1f0c2b3d4e5f6a7b8c9d0?size=64']) {
      const { container, unmount } = render(<Cover src={src} size={160} priority="high" />);
      const image = container.querySelector('img')!;
      expect(image).toHaveAttribute('src', src);
      expect(image).not.toHaveAttribute('srcset');
      expect(image).not.toHaveAttribute('sizes');
      unmount();
    }
  });

  it('draws the placeholder instead of a broken image, and a new source gets its chance', () => {
    const { container, rerender } = render(<Cover src="/api/files/gone" size={48} placeholder={AlbumMark} />);
    fireEvent.error(container.querySelector('img')!);
    expect(container.querySelector('img')).toBeNull();
    expect(screen.getByTestId('album-mark')).toHaveAttribute('aria-hidden', 'true');
    rerender(<Cover src="/api/files/new" size={48} placeholder={AlbumMark} />);
    expect(container.querySelector('img')).toHaveAttribute('src', '/api/files/new');
  });

  it('names the placeholder when the cover means something on its own', () => {
    render(<Cover src={null} size={48} alt="No cover for Blue Train" />);
    expect(screen.getByRole('img', { name: 'No cover for Blue Train' })).toBeInTheDocument();
  });
});
