import { render, screen } from '@testing-library/react';
import { SiteFooter, copyrightYears } from '@/components/site-footer';

describe('SiteFooter', () => {
  it('runs the copyright from the site’s first year to the year it was built', () => {
    expect(copyrightYears(2026)).toBe('2024–2026');
    expect(copyrightYears(2024)).toBe('2024');
    render(<SiteFooter />);
    expect(screen.getByRole('contentinfo')).toHaveTextContent(`© 2024–${new Date().getFullYear()} `);
  });
});
