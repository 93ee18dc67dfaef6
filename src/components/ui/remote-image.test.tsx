import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { RemoteImage } from './remote-image';

describe('RemoteImage', () => {
  it('shows an http(s) image, and a placeholder of the same size when it fails to load', () => {
    render(<RemoteImage src="https://cdn.example/serum.png" alt="Serum" className="size-16" />);
    const image = screen.getByRole('img', { name: 'Serum' });
    expect(image.tagName).toBe('IMG');
    expect(image).toHaveAttribute('referrerpolicy', 'no-referrer');

    fireEvent.error(image);

    const placeholder = screen.getByRole('img', { name: 'Serum (could not be loaded)' });
    expect(placeholder.tagName).toBe('SPAN');
    expect(placeholder).toHaveClass('size-16');
    expect(screen.queryByRole('img', { name: 'Serum' })).not.toBeInTheDocument();
  });

  it('tries again when the address changes', () => {
    const { rerender } = render(
      <RemoteImage src="https://a.example/1.png" alt="One" className="size-8" />,
    );
    fireEvent.error(screen.getByRole('img', { name: 'One' }));
    rerender(<RemoteImage src="https://a.example/2.png" alt="Two" className="size-8" />);
    expect(screen.getByRole('img', { name: 'Two' }).tagName).toBe('IMG');
  });

  it('loads nothing from an address that is not http(s)', () => {
    const { container } = render(
      <RemoteImage src="javascript:alert(1)" alt="Bad" className="size-8" />,
    );
    expect(container).toBeEmptyDOMElement();
  });
});
