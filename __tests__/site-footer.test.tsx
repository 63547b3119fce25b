import { render, screen, within } from '@testing-library/react';
import { SiteFooter, copyrightYears } from '@/components/site-footer';
import { footerLinks } from '@/lib/site';
import { content } from '@/lib/content';

describe('SiteFooter', () => {
  it('runs the copyright from the site’s first year to the year it was built', () => {
    expect(copyrightYears(2026)).toBe('2024–2026');
    expect(copyrightYears(2024)).toBe('2024');
    render(<SiteFooter />);
    expect(screen.getByRole('contentinfo')).toHaveTextContent(`© 2024–${new Date().getFullYear()} `);
  });

  it('leads to the quick links’ pages and the privacy notice, with the phone, the location and the partner', () => {
    render(<SiteFooter />);
    const footer = screen.getByRole('contentinfo');
    const quickLinks = within(within(footer).getByRole('navigation', { name: 'Quick links' })).getAllByRole('link');
    expect(quickLinks.map((link) => [link.textContent, link.getAttribute('href')])).toEqual(footerLinks.map((link) => [link.label, link.href]));
    expect(within(footer).getByRole('link', { name: 'Privacy notice' })).toHaveAttribute('href', '/privacy');
    expect(within(footer).getByRole('link', { name: content.company.phone.display })).toHaveAttribute('href', `tel:${content.company.phone.tel}`);
    expect(footer).toHaveTextContent(`Location: ${content.company.areaServed.join(', ')}`);
    expect(content.company.areaServed.join(', ')).toContain('Europe, South East Asia');
    const partner = within(footer).getByRole('link', { name: `${content.company.partner.name} (opens in a new tab)` });
    expect(partner).toHaveAttribute('href', content.company.partner.href);
    expect(within(partner).getByRole('img')).toHaveAttribute('src', content.company.partner.logo.src);
  });
});
