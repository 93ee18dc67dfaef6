import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ExternalLink, safeHttpUrl } from './external-link';

describe('ExternalLink', () => {
  it('opens an http(s) address in a new tab without handing it this page', () => {
    render(<ExternalLink href="https://example.com/brief">The brief</ExternalLink>);

    const link = screen.getByRole('link', { name: 'The brief (opens in a new tab)' });
    expect(link).toHaveAttribute('href', 'https://example.com/brief');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  });

  it('shows any other address as plain text, never as a link', () => {
    render(
      <>
        <ExternalLink href="javascript:alert(1)" />
        <ExternalLink href="data:text/html,hi">Data</ExternalLink>
        <ExternalLink href="/relative" />
      </>,
    );

    expect(screen.queryByRole('link')).not.toBeInTheDocument();
    expect(screen.getByText('javascript:alert(1)')).toBeInTheDocument();
    expect(screen.getByText('Data')).toBeInTheDocument();
  });

  it('accepts only absolute http and https URLs', () => {
    expect(safeHttpUrl('HTTPS://Example.com')).toBe('https://example.com/');
    expect(safeHttpUrl('ftp://example.com')).toBeNull();
    expect(safeHttpUrl(' javascript:alert(1)')).toBeNull();
    expect(safeHttpUrl(null)).toBeNull();
  });
});
