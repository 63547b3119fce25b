import cases from './fixtures/attribution-cases.json';
import { contactHref, forgetVisit, recordPageView } from '@/lib/attribution';
import { leadAttribution } from '@/lib/contact';

type AttributionCase = { name: string; field: string; value: string; valid: boolean };

describe('lead attribution', () => {
  beforeEach(() => forgetVisit());

  it('names the page before the form, and the campaign of the landing URL only', () => {
    recordPageView('/coms', '?utm_source=linkedin&utm_campaign=fleet-2027&utm_medium=&gclid=x');
    recordPageView('/about', '?utm_source=elsewhere');
    recordPageView('/contact', '');
    expect(leadAttribution('')).toEqual({ source: '/about', utm_source: 'linkedin', utm_campaign: 'fleet-2027' });
  });

  it('takes the source from the call to action’s link after a reload, and the visit’s own path before it', () => {
    recordPageView('/contact', '?from=/software');
    expect(leadAttribution('?from=/software')).toEqual({ source: '/software' });
    recordPageView('/network', '');
    recordPageView('/contact', '?from=/software');
    expect(leadAttribution('?from=/software')).toEqual({ source: '/network' });
    expect(contactHref('/coms')).toBe('/contact?from=/coms');
  });

  // The same cases as mail/send.php's tests: what the form sends, the endpoint accepts.
  it.each((cases as AttributionCase[]).map((entry) => [entry.name, entry] as const))('%s', (_name, { field, value, valid }) => {
    const search = `?${new URLSearchParams({ [field === 'source' ? 'from' : field]: value })}`;
    recordPageView('/contact', search);
    expect(leadAttribution(search)).toEqual(valid ? { [field]: value } : {});
  });

  it('does not count the form’s own page, viewed again, as the page before it', () => {
    recordPageView('/coms', '');
    recordPageView('/contact', '');
    recordPageView('/contact', '?from=/x');
    expect(leadAttribution('')).toEqual({ source: '/coms' });
  });
});
