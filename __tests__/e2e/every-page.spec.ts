import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { illustrations } from '@/components/illustration';
import { routes, serviceLinks, site, unlistedRoutes, vesselLinks } from '@/lib/site';
import { fixture } from '../helpers/fixture-content';
import { expect, test, watchViolations } from './fixtures';
import { darkSurfaces, frameEdges, onceChecks, screenChecks } from './page-checks';
import { buttonLooks, closingBand, contactCallsInOneScreen, contactLinksByBand, fontPreloads, frameProblems, gridProblems, iconProblems, inInter, loneWordHeadings, narrowParagraphs, timelineProblems, undrawnIcons } from './measure';
import { content } from '@/lib/content';

// Every page, on a laptop and a phone, in light and then in dark: one visit, and every check that
// needs a page, a width and a colour scheme taken in it. A failure names the page, the screen, the
// scheme and the check; the checks are soft, so one visit reports every problem it finds. Dark
// mode changes colours only, so the page turns dark where it is, without loading again, for the
// colour checks (axe, whose contrast is most of what dark mode can break, and the bands'
// backgrounds); the layout is measured in light.
const screens = [
  { width: 1280, height: 800 },
  { width: 375, height: 812 },
] as const;
/** Further widths where the frame and the grids are measured, after the page has been laid out again. */
const moreWidths = [320, 768, 1440] as const;
/** The pages with cards that also lay out a section another way; /services is the index of the services, one pictured card each. */
const withCards = ['/', '/about', '/ai', '/network', '/proto', '/rest', '/software'];
const listed = (path: string): path is (typeof routes)[number] => (routes as readonly string[]).includes(path);
/** The pages that sell, each ending with one call to the contact form; the service pages open with one too. */
const contentRoutes: readonly string[] = routes.filter((path) => !['/contact', '/privacy'].includes(path));
const servicePages: readonly string[] = [...serviceLinks, ...vesselLinks].map((link) => link.href);
/**
 * The sections the test entries of __tests__/fixtures/content/ (results, service levels, people) add to
 * the build the tests visit, by page; every other page has none of them.
 */
const proofSections: Record<string, string[]> = {
  '/': ['Recent results'],
  '/about': ['Who you will work with', 'Recent results'],
  '/coms': ['Results', 'Service levels'],
  '/vrit': ['Results', 'Service levels'],
  '/software': ['Results'],
};
const proofHeadings = /^(Results|Recent results|Service levels|Who you will work with)$/;
/**
 * Proof right after the offer: on a service page the test results and service levels come right
 * after the section saying what the service includes, before how it starts, what the owner
 * provides and the regulation; and on a laptop the results begin within three screens.
 */
const proofAfterOffer: Record<string, { offer: string; later: string[] }> = {
  '/coms': { offer: 'What the service includes', later: ['How a vessel is connected', 'What we need from you', 'Links to shore under E26 and NIS2'] },
  '/vrit': { offer: 'What the service covers', later: ['How a vessel joins the service', 'What the owner provides', 'NIS2, incidents and E26'] },
  '/software': { offer: 'What we can build', later: ['From idea to launch', 'What we need from your side'] },
};
const RESULTS_WITHIN = 2400;
/** The fewest characters a line a paragraph of 25 words or more may hold, by screen width: a readable measure. */
const measure = { words: 25, least: { 1280: 34, 375: 28 } } as const;
/** The pages whose processes are timelines of numbered steps. */
const timelines = ['/software', '/rest', '/proto', '/network', '/consulting'];
/** How many points with icons each page's feature lists and checklists hold: 8 ticks on the home page, 6 values on About. */
const iconPoints: Record<string, number> = { '/': 8, '/about': 6, '/vrit': 17, '/consulting': 22, '/coms': 16, '/ai': 17, '/proto': 3 };
/** The sections only the test build shows: those above, and About's clients, certifications and partners. */
const fixtureOnly = new RegExp(`${proofHeadings.source}|^Clients, certifications and partners$`);
/**
 * The calls to action each service page must carry (spec §2), all leading to /contact, naming
 * their page for the lead's attribution (/contact?from=/coms): one in the opening band, any others
 * mid-page, and one that ends the page, drawn as the same button on every page (where the spec
 * asks for a banner with a link, it is that link).
 */
const ctas: Record<string, { hero: string; middle?: string[]; closing: string }> = {
  '/proto': { hero: 'Get more information', closing: 'Get more information' },
  '/rest': { hero: 'Contact us', closing: 'Contact us' },
  '/coms': { hero: 'Contact us', closing: 'Contact us' },
  '/network': { hero: 'Contact us', closing: 'Contact us' },
  '/vrit': { hero: 'Contact us', closing: 'Contact us' },
  '/software': { hero: 'Contact us', middle: ['Start your project'], closing: 'Contact us' },
  '/ai': { hero: 'Get started', middle: ['Contact us', 'Get started'], closing: 'Contact us' },
  '/consulting': { hero: 'Get started', middle: ['Contact us', 'Get started'], closing: 'Contact us' },
};
/** How tall a screen is, for two calls to the contact form never to be in view at once. */
const SCREEN = 800;

for (const path of [...routes, ...unlistedRoutes, '/nope']) {
  test(`${path} at ${screens.map(({ width }) => width).join(' and ')} px: in light no axe violation, nothing wider than the window, headings and grids whole; in dark no contrast violation, neighbouring bands apart`, async ({ page, baseURL, consoleErrors }) => {
    // Seen twice, in light and then in dark, with axe at each width: three times the usual time.
    test.slow();
    const fonts: { url: string; type: string | undefined; bytes: number }[] = [];
    page.on('response', async (response) => {
      if (response.request().resourceType() === 'font') fonts.push({ url: response.url(), type: response.headers()['content-type'], bytes: (await response.body()).length });
    });
    const violations = await watchViolations(page);
    await page.emulateMedia({ colorScheme: 'light', reducedMotion: 'reduce' });
    await page.setViewportSize(screens[0]);
    const response = await page.goto(path);
    // What routes.spec.ts checks of each route's own load on nginx; on Apache, here.
    expect.soft(response?.status(), `${path}: its status`).toBe(path === '/nope' ? 404 : 200);
    expect.soft(response?.headers()['content-type'], `${path}: an HTML page`).toContain('text/html');
    await expect.soft(page, `${path}: not redirected`).toHaveURL(path);
    // A photo is a file of its own, cached once, not data in every page's HTML (twice, with React's copy).
    expect.soft((await response!.text()).match(/data:image\/(?!svg)[^;,"]*/g) ?? [], `${path}: no picture but a drawing travels in the HTML as a data: URL`).toEqual([]);
    await expect.soft(page.locator('h1'), `${path}: one h1`).toHaveCount(1);
    if (path === '/') await expect.soft(page, '/: the site’s title').toHaveTitle(site.title);
    else await expect.soft(page, `${path}: a title of its own`).not.toHaveTitle(site.title);
    // Hydrated, with the consent banner a first-time visitor sees, and the type loaded.
    await expect(page.getByRole('region', { name: 'Analytics cookies' })).toBeVisible();
    await page.evaluate(() => document.fonts.ready);
    expect(await page.evaluate(inInter), `${path}: drawn in Inter`).toBe(true);
    await expect.soft.poll(() => page.evaluate(undrawnIcons), `${path}: every icon drawn from the sprite`).toEqual([]);
    const strip = page.getByRole('complementary', { name: 'Follow and share' });
    if (listed(path)) await expect.soft(strip, `${path}: the share strip`).toBeVisible();
    if (path === '/nope') await expect.soft(strip, '/nope: no share strip').toBeHidden();

    /** axe's findings on the page as it is drawn now: every rule in light; in dark, what its colours decide (contrast, and links told apart from text). */
    const axe = async (colorScheme: 'light' | 'dark') =>
      (await (colorScheme === 'dark' ? new AxeBuilder({ page }).withRules(['color-contrast', 'link-in-text-block']) : new AxeBuilder({ page })).analyze()).violations.map(({ id, help, nodes }) => ({ id, help, targets: nodes.map((node) => node.target.join(' ')) }));
    for (const [index, { width, height }] of screens.entries()) {
      if (index > 0) await page.setViewportSize({ width, height });
      const at = (check: string) => `${path} at ${width} px in light: ${check}`;
      expect.soft(await axe('light'), at('axe')).toEqual([]);
      if (listed(path)) expect.soft(await bandsSharingBackground(page), at('no two neighbouring bands share a background')).toEqual([]);
      // The bands' backgrounds do not change with the width: the normal build's, once.
      if (listed(path) && index === 0) {
        expect.soft(await bandsSharingBackground(page, fixtureOnly), at('no two neighbouring bands share a background without the test build’s sections, as the normal build draws the page')).toEqual([]);
      }
      if (contentRoutes.includes(path)) {
        const least = measure.least[width];
        expect.soft(await page.evaluate(narrowParagraphs, { words: measure.words, least }), at(`every paragraph of ${measure.words} words or more holds ${least} characters a line or more`)).toEqual([]);
      }
      if (path in proofAfterOffer && width === 1280) {
        const results = await page.getByRole('heading', { level: 2, name: 'Results', exact: true }).boundingBox();
        const top = results!.y + (await page.evaluate(() => scrollY));
        expect.soft(top, at(`Results within ${RESULTS_WITHIN} px of the top`)).toBeLessThanOrEqual(RESULTS_WITHIN);
      }
      expect.soft(await page.evaluate(frameProblems), at('sideways scrolling and process step numbers')).toEqual([]);
      expect.soft(await page.evaluate(gridProblems), at('feature lists in their columns, card grids without an empty slot')).toEqual([]);
      expect.soft(await page.evaluate(loneWordHeadings), at('no heading ends with a lone word')).toEqual([]);
      if (!listed(path)) expect.soft(await shortPageFill(page), at('a page shorter than the window: the hero reaches the footer, its content in the middle')).toEqual({ gap: 0, offCentre: 0 });
      const timeline = await page.evaluate(timelineProblems, width > 900);
      expect.soft(timeline.problems, at(`each process a timeline: numbered steps joined by a line, ${width > 900 ? 'across the page' : 'down its edge'}`)).toEqual([]);
      if (timelines.includes(path)) expect.soft(timeline.steps, at('a process of at least three steps')).toBeGreaterThanOrEqual(3);
      const icons = await page.evaluate(iconProblems);
      expect.soft(icons.problems, at('every point of a feature list and a checklist has its icon before it, centred on its first line, and not read out')).toEqual([]);
      if (path in iconPoints) expect.soft(icons.points, at('points with icons')).toBe(iconPoints[path]);
      const calls = await page.evaluate(contactCallsInOneScreen, { height: SCREEN, fixtureOnly: fixtureOnly.source });
      expect.soft(calls.drawn, at(`no two calls to /contact within one ${SCREEN} px screen`)).toEqual([]);
      expect.soft(calls.normal, at(`no two calls to /contact within one ${SCREEN} px screen without the test build's sections, as the normal build draws the page`)).toEqual([]);
      if (contentRoutes.includes(path) && width === 1280) {
        expect
          .soft(await page.evaluate(closingBand), at('the closing band: its ways in beside the prompt, to its right edge, with a second way in that is not the form'))
          .toEqual({ rightGap: 0, besidePrompt: true, otherWays: expect.arrayContaining([expect.stringMatching(/^(tel|mailto|https)$/)]) });
      }
      if (servicePages.includes(path) && width === 1280) {
        // Its service sheet, the second way to act beside the opening band's call, in the first two screens.
        const bottom = await page.getByRole('link', { name: /^Service sheet, PDF, [1-3] pages?$/ }).evaluate((link) => link.getBoundingClientRect().bottom + window.scrollY);
        expect.soft(bottom, at('the link to the service sheet within the first 1,600 px')).toBeLessThanOrEqual(1600);
      }
      if (listed(path)) await frameEdges({ page, width, height, at });
      await screenChecks[path]?.({ page, width, height, at });
    }
    // Who stands behind the site, on every page (EU e-Commerce Directive, Art. 5).
    const footer = page.getByRole('contentinfo');
    for (const line of [content.company.legalName, content.company.address.street, `${content.company.address.postcode} ${content.company.address.city}`, content.company.registeredIn]) {
      await expect.soft(footer.locator('address'), `${path}: the footer's registered address`).toContainText(line);
    }
    await expect.soft(footer.getByRole('link', { name: content.company.email }), `${path}: the footer's email`).toHaveAttribute('href', `mailto:${content.company.email}`);
    await expect.soft(footer, `${path}: the footer's register numbers`).toContainText(`UIC ${content.company.companyNumber} · VAT ${content.company.vatId}`);
    const organization = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent())!);
    expect
      .soft(
        { type: organization['@type'], name: organization.name, areaServed: organization.areaServed, legalName: organization.legalName, streetAddress: organization.address?.streetAddress, email: organization.email, vatID: organization.vatID, contactPoint: organization.contactPoint?.[0]?.['@type'] },
        `${path}: the Organization JSON-LD`,
      )
      .toEqual({ type: 'Organization', name: site.name, areaServed: ['Europe', 'South East Asia'], legalName: content.company.legalName, streetAddress: content.company.address.street, email: content.company.email, vatID: content.company.vatId, contactPoint: 'ContactPoint' });
    if (!listed(path)) {
      // The not-found page and the form's answer pages have no share image of their own.
      const share = await page.locator('meta[property="og:image"]').getAttribute('content');
      expect.soft(new URL(share!).pathname, `${path}: the home page's share image, not a missing one`).toBe('/opengraph-image');
    }
    const persons = (list: { '@type': string; name: string }[] = []) => list.map((person) => `${person['@type']} ${person.name}`);
    const named = (founder: boolean) => fixture.people.filter((person) => Boolean(person.founder) === founder).map((person) => `Person ${person.name}`);
    expect
      .soft({ founder: persons(organization.founder), employee: persons(organization.employee) }, `${path}: the test people in the JSON-LD, as Person`)
      .toEqual({ founder: named(true), employee: named(false) });

    // The font is preloaded on every page, the not-found page too, in the same way.
    const { preloads, face } = await page.evaluate(fontPreloads);
    expect.soft(preloads, `${path}: preloads the font its text is drawn in, as every page does`).toEqual([`${face} type=font/woff2 crossorigin=`]);

    const proof = await page.getByRole('main').getByRole('heading', { level: 2 }).evaluateAll((headings) => headings.map((heading) => heading.textContent!));
    expect.soft(proof.filter((heading) => proofHeadings.test(heading)), `${path}: the sections of the test results, service levels and people`).toEqual(proofSections[path] ?? []);
    if (path in proofAfterOffer) {
      const { offer, later } = proofAfterOffer[path];
      const at = proof.indexOf(offer);
      expect
        .soft(proof.slice(at, at + 1 + proofSections[path].length), `${path}: the proof right after what the service includes`)
        .toEqual([offer, ...proofSections[path]]);
      expect.soft(later.map((heading) => proof.indexOf(heading) > at + proofSections[path].length), `${path}: ${later.join(', ')} after the proof`).toEqual(later.map(() => true));
    }
    if (proofSections[path]?.includes('Service levels')) {
      for (const name of ['Response and restore times', 'Link availability']) await expect.soft(page.getByRole('table', { name }), `${path}: the table “${name}”`).toBeVisible();
    }
    if (path === '/about') {
      const team = page.getByRole('main').locator('section', { has: page.getByRole('heading', { level: 2, name: 'Who you will work with' }) }).getByRole('listitem');
      await expect.soft(team.getByRole('heading', { level: 3 }), '/about: the people').toHaveText(fixture.people.map((person) => person.name));
      const photo = team.first().locator('img');
      await photo.scrollIntoViewIfNeeded();
      expect.soft(await photo.evaluate((img: HTMLImageElement) => ({ drawn: img.complete && img.naturalWidth === 2 * Number(img.getAttribute('width')), round: getComputedStyle(img).borderRadius })), '/about: the photo, drawn sharp and round').toEqual({ drawn: true, round: '50%' });
      await expect.soft(team.nth(1).getByText('IF', { exact: true }), '/about: initials for a person without a photo').toBeVisible();
    }
    if (path === '/contact') {
      await expect.soft(page.getByRole('complementary', { name: 'Other ways to reach us' }), '/contact: the named contact and the response time beside the support line').toContainText(/Ana Fixture, Head of vessel IT[\s\S]*For a P1 incident \(Vessel down\), we respond within 30 minutes\./);
    }

    const looks = await page.evaluate(buttonLooks);
    expect.soft([...new Set(looks.map(({ look }) => look))].filter((look) => !['filled rgb(245, 184, 61)', 'outlined'].includes(look)), `${path}: buttons are primary (amber) or secondary (outlined)`).toEqual([]);
    expect.soft([...new Set(looks.map(({ radius }) => radius))], `${path}: one corner radius for every button, the header's Contact included`).toEqual(['999px']);

    if (contentRoutes.includes(path)) {
      const bands = await page.evaluate(contactLinksByBand);
      expect.soft(bands.at(-1)!.contact.length, `${path}: the band that ends the page, “${bands.at(-1)!.name}”, holds exactly one link to /contact`).toBe(1);
      if (servicePages.includes(path)) expect.soft(bands[0].contact.length, `${path}: the opening band holds one link to /contact`).toBe(1);
      if (path in ctas) {
        const { hero, middle = [], closing } = ctas[path];
        const calls = await page.evaluate(() => {
          const links = [...document.querySelectorAll<HTMLAnchorElement>('main a')].filter((link) => link.pathname === '/contact');
          return { hrefs: [...new Set(links.map((link) => link.getAttribute('href')))], last: getComputedStyle(links.at(-1)!).backgroundColor };
        });
        expect.soft(calls.hrefs, `${path}: every call leads to /contact, naming the page`).toEqual([`/contact?from=${path}`]);
        expect.soft(bands.flatMap((band) => band.contact), `${path}: the calls in the order of the page`).toEqual([hero, ...middle, closing]);
        expect.soft(bands[0].contact, `${path}: the opening band's call`).toEqual([hero]);
        expect.soft(bands.at(-1)!.contact, `${path}: the call that ends the page`).toEqual([closing]);
        expect.soft(bands.at(-2)!.contact, `${path}: “${bands.at(-2)!.name}”, the band before the last, has no call of its own`).toEqual([]);
        expect.soft(calls.last, `${path}: the last call the site's amber button, as on every page`).toBe('rgb(245, 184, 61)');
      }
    }

    for (const width of moreWidths) {
      await page.setViewportSize({ width, height: 900 });
      const at = (check: string) => `${path} at ${width} px: ${check}`;
      expect.soft(await page.evaluate(frameProblems), at('sideways scrolling and process step numbers')).toEqual([]);
      expect.soft(await page.evaluate(gridProblems), at('feature lists in their columns, card grids without an empty slot')).toEqual([]);
    }

    // The same page in dark, as a visitor whose system turns dark sees it.
    await page.emulateMedia({ colorScheme: 'dark' });
    for (const { width, height } of screens) {
      await page.setViewportSize({ width, height });
      const at = (check: string) => `${path} at ${width} px in dark: ${check}`;
      expect.soft(await axe('dark'), at('axe')).toEqual([]);
      if (listed(path)) expect.soft(await bandsSharingBackground(page), at('no two neighbouring bands share a background')).toEqual([]);
    }
    if (path === '/') await darkSurfaces(page);

    expect.soft(await violations(), `${path}: no CSP violation`).toEqual([]);
    // The not-found page's own 404 is the one error its console shows.
    expect.soft(consoleErrors.filter((error) => path !== '/nope' || !error.includes('404')), `${path}: no console error`).toEqual([]);
    if (!listed(path)) return;

    // Once per page: what does not change with the screen or the colour scheme.
    expect.soft(fonts.map(({ url }) => url.startsWith(`${baseURL}/_next/static/media/`)), `${path}: one font file, served by this site`).toEqual([true]);
    for (const font of fonts) {
      expect.soft(font.type, `${path}: the font is WOFF2`).toBe('font/woff2');
      // A subset: the package's full latin file is 47 KiB.
      expect.soft(font.bytes, `${path}: the font is a subset`).toBeLessThan(25 * 1024);
    }
    const type = await page.evaluate(() => {
      const faces = [...document.styleSheets].flatMap((sheet) => [...sheet.cssRules]).filter((rule) => rule instanceof CSSFontFaceRule);
      const fallback = faces.find((rule) => /^["']?inter Fallback["']?$/i.test(rule.style.getPropertyValue('font-family')));
      return {
        body: getComputedStyle(document.body).fontFamily,
        loaded: [...document.fonts].some((face) => face.family.replace(/["']/g, '') === 'inter' && face.status === 'loaded'),
        fallbackSizeAdjust: fallback?.style.getPropertyValue('size-adjust') ?? '',
      };
    });
    expect.soft(type.body, `${path}: text in Inter, then its size-matched fallback`).toMatch(/^["']?inter["']?, ["']?inter Fallback["']?,/i);
    expect.soft(type.loaded, `${path}: Inter loaded`).toBe(true);
    expect.soft(type.fallbackSizeAdjust, `${path}: the fallback's size-adjust`).toMatch(/%$/);

    const share = await page.locator('meta[property="og:image"]').getAttribute('content');
    expect.soft(await page.locator('meta[name="twitter:image"]').getAttribute('content'), `${path}: the Twitter image is the Open Graph one`).toBe(share);
    const { origin, pathname } = new URL(share!);
    expect.soft(`${origin}${pathname}`, `${path}: its own share image on the live site`).toBe(`${site.url}${path === '/' ? '' : path}/opengraph-image`);
    for (const [property, value] of [['type', 'image/png'], ['width', '1200'], ['height', '630']]) {
      await expect.soft(page.locator(`meta[property="og:image:${property}"]`), `${path}: og:image:${property}`).toHaveAttribute('content', value);
    }

    const sections = await page.locator('main section').evaluateAll((all) =>
      all.map((section) => (section.querySelector('[data-columns] > article') ? 'cards' : section.querySelector('ul[data-columns], ol, dl, img') ? 'other' : 'text')),
    );
    if (path !== '/services') {
      expect.soft(sections.includes('cards'), `${path}: has cards`).toBe(withCards.includes(path));
      if (sections.includes('cards')) expect.soft(sections, `${path}: is not all cards`).toContain('other');
    }

    const name = path.slice(1);
    if (name in illustrations) {
      const art = page.getByRole('main').getByRole('img', { name: illustrations[name as keyof typeof illustrations], exact: true });
      await expect.soft(art, `${path}: its illustration`).toBeVisible();
      await expect.soft(art, `${path}: the illustration's width`).toHaveAttribute('width', '480');
      await expect.soft(art, `${path}: the illustration's height`).toHaveAttribute('height', '360');
      expect.soft(await art.getAttribute('alt'), `${path}: the illustration's description`).toBe(illustrations[name as keyof typeof illustrations]);
      expect.soft(await art.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), `${path}: the illustration is drawn`).toBe(true);
    }
    await onceChecks[path]?.(page);
  });
}

/** On a page shorter than the window: how far the last band stops short of the footer, and how far off centre its content sits. */
function shortPageFill(page: Page) {
  return page.getByRole('main').evaluate((main) => {
    const bands = main.querySelectorAll(':scope > *, [data-not-found] > *');
    const hero = bands[bands.length - 1].getBoundingClientRect();
    const content = bands[bands.length - 1].firstElementChild!.getBoundingClientRect();
    const gap = main.getBoundingClientRect().bottom - hero.bottom;
    const offCentre = content.top - hero.top - (hero.bottom - content.bottom);
    // Within a pixel, and two for the centring: the measures are not whole numbers.
    return { gap: Math.abs(gap) <= 1 ? 0 : gap, offCentre: Math.abs(offCentre) <= 2 ? 0 : offCentre };
  });
}

/**
 * Neighbouring bands of the page, the share strip included, with the same background: a doubled
 * gap or merged surfaces. With `without`, measured again without the sections whose h2 it
 * matches (the test build's, which the normal build does not show); they are put back after.
 */
function bandsSharingBackground(page: Page, without?: RegExp) {
  return page.getByRole('main').evaluate((main, pattern) => {
    const taken = pattern
      ? [...main.querySelectorAll('section')].filter((section) => new RegExp(pattern).test(section.querySelector('h2')?.textContent ?? '')).map((section) => ({ section, parent: section.parentNode!, next: section.nextSibling }))
      : [];
    for (const { section } of taken) section.remove();
    // Chromium leaves the siblings' :has() and :nth-child(… of …) styles as they were after a
    // removal (section.module.css chooses the bands' backgrounds so): laid out again from scratch,
    // the page is styled as it would be loaded.
    const y = scrollY;
    if (taken.length > 0) {
      main.style.display = 'none';
      void main.getBoundingClientRect();
      main.style.display = '';
      scrollTo(0, y);
    }
    const bands = [...main.querySelectorAll(':scope > *, :scope > article > *'), document.querySelector('aside[aria-label="Follow and share"]')!]
      .filter((band) => band.tagName !== 'ARTICLE')
      .map((band) => {
        const { backgroundColor, backgroundImage } = getComputedStyle(band);
        return { name: band.querySelector('h1, h2')?.textContent ?? band.tagName, background: `${backgroundColor} ${backgroundImage}` };
      });
    for (const { section, parent, next } of taken.reverse()) parent.insertBefore(section, next);
    if (taken.length > 0) {
      main.style.display = 'none';
      void main.getBoundingClientRect();
      main.style.display = '';
      scrollTo(0, y);
    }
    return bands.slice(1).flatMap((band, index) => (band.background === bands[index].background ? [`“${bands[index].name}” and “${band.name}”`] : []));
  }, without?.source);
}
