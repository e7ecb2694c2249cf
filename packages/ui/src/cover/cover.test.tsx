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
    render(<Cover src="/api/files/b" size={232} alt="Blue Train" eager />);
    expect(screen.getByRole('img', { name: 'Blue Train' })).toHaveAttribute('loading', 'eager');
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
