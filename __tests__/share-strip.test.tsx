import { render, screen, within } from '@testing-library/react';
import { ShareStrip } from '@/components/share-strip';
import { content } from '@/lib/content';

jest.mock('next/navigation', () => ({ usePathname: () => '/coms' }));

describe('ShareStrip', () => {
  it('names each profile’s network, opens it in a new tab that cannot reach this one, and offers the page’s link', () => {
    render(<ShareStrip />);
    const strip = screen.getByRole('complementary', { name: 'Follow and share' });
    expect(within(strip).getAllByRole('link')).toHaveLength(content.company.social.length);
    for (const profile of content.company.social) {
      const link = within(strip).getByRole('link', { name: `${profile.label} (opens in a new tab)` });
      expect(link).toHaveAttribute('href', profile.href);
      expect(link).toHaveAttribute('target', '_blank');
      expect(link).toHaveAttribute('rel', 'noopener');
    }
    expect(within(strip).getByRole('button', { name: 'Copy link' })).toBeInTheDocument();
  });
});
