/** @jest-environment node */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ts from 'typescript';
import { ClosingCta } from '@/components/closing-cta';
import { FeatureList } from '@/components/feature-list';
import { Section } from '@/components/section';
import { sheetOf, type SheetSource } from '@/components/sheet-content';
import { Testimonial } from '@/components/testimonial';
import type { ServicePath } from '@/lib/results';
import { sheetFiles, sheetHref } from '@/lib/service-sheets';
import { absoluteUrl, site } from '@/lib/site';
import { content } from '@/lib/content';
import { readContent } from '@/lib/load-content';

// Every sheet is drawn here as the build draws it (app/sheets/[file]/route.ts): from the page's route
// file, read by components/sheet-content.ts, drawn by components/sheet-document.tsx; then read back
// with poppler's pdfinfo, pdffonts and pdftotext, beside the page as it renders.
jest.setTimeout(240_000);

type RouteModule = { default: () => React.ReactElement; generateMetadata: () => { description?: unknown } };

/**
 * A module as loaded in the registry the test runs in: jest.isolateModulesAsync gives the fixture
 * build's data, or a configured lib/site.ts, to the pages and the sheets alike.
 */
function load<T>(module: string): T {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return require(module);
}
const routeFile = (service: ServicePath) => load<RouteModule>(`@/app${service}/page`);
const services = Object.keys(sheetFiles) as ServicePath[];

const dir = mkdtempSync(join(tmpdir(), 'npts-sheets-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** What poppler reads in a PDF: its info, its fonts' lines, and its text with the white space folded. */
function readPdf(name: string, pdf: Buffer) {
  const file = join(dir, name);
  writeFileSync(file, pdf);
  const run = (tool: string, ...args: string[]) => execFileSync(tool, [...args, file, ...(tool === 'pdftotext' ? ['-'] : [])], { encoding: 'utf8' });
  const info = Object.fromEntries(run('pdfinfo').split('\n').map((line) => [line.split(':')[0], line.slice(line.indexOf(':') + 1).trim()]));
  return { info, fonts: run('pdffonts').split('\n').slice(2).filter(Boolean), text: run('pdftotext', '-raw').replace(/\s+/g, ' '), bytes: pdf.length };
}

/** The text of an HTML fragment as a reader gets it. */
const textOfHtml = (html: string) =>
  html
    .replace(/<[^>]*>/g, '')
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
const all = (html: string, tag: string) => [...html.matchAll(new RegExp(`<${tag}[^>]*>([\\s\\S]*?)</${tag}>`, 'g'))].map(([, inner]) => textOfHtml(inner));

/** A service page rendered, and its sheet drawn from the same route file, with the modules of the registry this runs in. */
async function pageAndSheet(service: ServicePath) {
  const { renderSheet } = load<typeof import('@/components/sheet-document')>('@/components/sheet-document');
  const { sheetOf: read } = load<typeof import('@/components/sheet-content')>('@/components/sheet-content');
  const route = routeFile(service);
  const html = load<typeof import('react-dom/server')>('react-dom/server').renderToStaticMarkup(route.default());
  const sheet = read(route.default().props as SheetSource);
  const pdf = await renderSheet(sheet, { subject: String(route.generateMetadata().description) });
  return { html, sheet, pdf: readPdf(`${service.slice(1)}-${Math.random().toString(36).slice(2)}.pdf`, pdf) };
}

/** Each service page and its sheet, as they are. */
const drawn = {} as Record<ServicePath, Awaited<ReturnType<typeof pageAndSheet>>>;
beforeAll(async () => {
  for (const service of services) drawn[service] = await pageAndSheet(service);
});

describe('the service sheets', () => {

  it.each(services)('%s links its sheet from the opening band, naming its true page count, and the sheet is A4, 1–3 pages, at most 400 KB, its fonts embedded', (service) => {
    const { html, pdf } = drawn[service];
    const links = [...html.matchAll(/<a [^>]*href="(\/sheets\/[^"]+)"[^>]*>([\s\S]*?)<\/a>/g)].map(([, href, inner]) => ({ href, text: textOfHtml(inner) }));
    const pages = Number(pdf.info.Pages);
    expect(links).toEqual([{ href: sheetHref(service), text: `Service sheet, PDF, ${pages} ${pages === 1 ? 'page' : 'pages'}` }]);
    // In the opening band: before the page's first section heading.
    expect(html.indexOf(sheetHref(service))).toBeLessThan(html.indexOf('<h2'));
    expect(pages).toBeGreaterThanOrEqual(1);
    expect(pages).toBeLessThanOrEqual(3);
    expect(pdf.info['Page size']).toMatch(/^595\.\d+ x 841\.\d+ pts \(A4\)$/);
    expect(pdf.bytes).toBeLessThanOrEqual(400 * 1024);
    expect(pdf.fonts.length).toBeGreaterThan(0);
    // name, type, encoding, then emb sub uni: every font embedded (as a subset), and every one Inter.
    for (const font of pdf.fonts) expect(font).toMatch(/^[A-Z]{6}\+Inter-\S+ .* yes yes yes /);
  });

  it.each(services)('%s: the sheet’s title names the service, its author is the company, its subject the page’s description', (service) => {
    const { html, pdf } = drawn[service];
    const [h1] = all(html, 'h1');
    expect(pdf.info.Title).toBe(`${h1}: service sheet | NPTS`);
    expect(pdf.info.Author).toBe(content.company.legalName);
    expect(pdf.info.Subject).toBe(routeFile(service).generateMetadata().description);
  });

  it.each(services)('%s: the sheet’s text holds the page’s heading, the phone, the email, the page’s address, and the headings of the points it prints, four or more', (service) => {
    const { html, sheet, pdf } = drawn[service];
    const [h1] = all(html, 'h1');
    for (const said of [h1, content.company.phone.display, content.company.email, absoluteUrl(service), content.company.legalName, `UIC ${content.company.companyNumber}`, `VAT ${content.company.vatId}`]) expect(pdf.text).toContain(said);
    const onSheet = all(html, 'h3').filter((heading) => pdf.text.includes(heading));
    expect(onSheet.length).toBeGreaterThanOrEqual(4);
    // Every point, card and step of the sections marked for the sheet, and their headings, as the page renders them.
    const printed = sheet.sections.flatMap((section) => section.blocks.flatMap((block) => (block.kind === 'text' ? [] : block.items.map((item) => item.title))));
    expect(all(html, 'h3')).toEqual(expect.arrayContaining(printed));
    for (const title of [...printed, ...sheet.sections.map((section) => section.title)]) expect(pdf.text).toContain(title);
  });
});

describe('sheetOf', () => {
  const vrit = () => routeFile('/vrit').default();

  it('follows the page: sections in the page’s order, with the page’s words, whatever they become', () => {
    const page = vrit();
    const props = page.props as SheetSource;
    const before = sheetOf(props);
    expect(before.sections.map((section) => section.title)).toEqual(['What the service covers', 'Support at sea, online or offline', 'How a vessel joins the service', 'What the owner provides']);
    // An editor moves the owner's part first and retitles a point of it.
    const sections = (props.children as React.ReactElement[]).flat();
    const owner = sections.find((element) => (element.props as { title?: string }).title === 'What the owner provides')! as React.ReactElement<{ title: string; sheet: boolean; children: React.ReactElement<{ items: { title: string }[] }> }>;
    const list = owner.props.children;
    const edited = (
      <Section sheet title={owner.props.title}>
        <FeatureList items={list.props.items.map((item, index) => (index === 0 ? { ...item, title: 'Administrator accounts on board' } : item)) as never} />
      </Section>
    );
    const after = sheetOf({ ...props, children: [edited, ...sections.filter((element) => element !== owner)] });
    expect(after.sections.map((section) => section.title)).toEqual(['What the owner provides', 'What the service covers', 'Support at sea, online or offline', 'How a vessel joins the service']);
    const [first] = after.sections[0].blocks;
    expect(first.kind === 'points' && first.items[0].title).toBe('Administrator accounts on board');
  });

  it('leaves out what the page does not put on its sheet, and refuses, naming the section, what it cannot print', () => {
    const props = vrit().props as SheetSource;
    const quote = <Testimonial quote="Words." name="A" role="B" company="C" />;
    expect(sheetOf({ ...props, children: [<Section key="plain" title="Not on it">{quote}</Section>] }).sections).toEqual([]);
    expect(() => sheetOf({ ...props, children: [<Section key="marked" sheet title="What clients say">{quote}</Section>] })).toThrow(
      '/vrit, the section “What clients say”: the service sheet cannot print <Testimonial>; teach it in components/sheet-content.ts, or take sheet off the section',
    );
    // The closing call is read from the page too.
    expect(sheetOf({ ...props, children: [<ClosingCta key="call" title="Call us" action="Contact us" href="/contact">Now.</ClosingCta>] }).call).toEqual({ title: 'Call us', text: 'Now.' });
  });
});

describe('the service sheets of the browser tests’ build (NPTS_REFERENCES_FIXTURE)', () => {
  it('/vrit and /coms hold the service levels and the latest result’s figures on a second page, and their links say two pages', async () => {
    // As the build the browser tests visit reads them: __tests__/fixtures/content/ in place of content/.
    process.env.NPTS_REFERENCES_FIXTURE = '1';
    try {
      await jest.isolateModulesAsync(async () => {
        for (const service of ['/vrit', '/coms'] as const) {
          const { html, pdf } = await pageAndSheet(service);
          expect(pdf.info.Pages).toBe('2');
          expect(textOfHtml(html)).toContain('Service sheet, PDF, 2 pages');
          for (const said of ['Service levels', 'P1 · Vessel down', '30 minutes', '4 hours', 'Results', 'Fewer dropped links and no lost backups across a tanker fleet', 'Link availability 99.6%', 'Constanța']) {
            expect(pdf.text).toContain(said);
          }
        }
      });
    } finally {
      delete process.env.NPTS_REFERENCES_FIXTURE;
    }
  });
});

describe('the release gate and the sheets', () => {
  /**
   * Every string of every placeholder: the values tagged !placeholder in content/ and the
   * placeholder(…) calls of lib/site.ts, what the release gate refuses to publish.
   */
  function placeholderValues(): string[] {
    const values: string[] = [];
    const collect = (value: unknown): void => {
      if (typeof value === 'string') values.push(value);
      else if (value && typeof value === 'object') Object.values(value).forEach(collect);
    };
    for (const placeholder of readContent(join(__dirname, '..')).placeholders) collect(placeholder.value);
    const file = join(__dirname, '../lib/site.ts');
    const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
    const strings = (node: ts.Node): void => {
      if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) values.push(node.text);
      ts.forEachChild(node, strings);
    };
    const visit = (node: ts.Node): void => {
      if (ts.isCallExpression(node) && node.expression.getText() === 'placeholder' && node.arguments[1]) strings(node.arguments[1]);
      ts.forEachChild(node, visit);
    };
    visit(source);
    return values.filter(Boolean);
  }

  it('a sheet carries no placeholder value once content/ and lib/site.ts have none: it takes the company’s facts from there, where the release gate refuses a placeholder', async () => {
    const values = placeholderValues();
    expect(values).toEqual(expect.arrayContaining(['+359 000 000 000', 'info@npts.eu', 'NPTS [legal name]', '[Street and number]']));
    /** Each placeholder's value replaced, as the release requires, with one of its own. */
    const set = (value: unknown, path: string): unknown => {
      if (typeof value === 'string') return values.includes(value) ? `set ${path}` : value;
      if (Array.isArray(value)) return value.map((item, index) => set(item, `${path}.${index}`));
      if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, set(item, `${path}.${key}`)]));
      return value;
    };
    const asItIs = services.map((service) => `${drawn[service].pdf.text} ${Object.values(drawn[service].pdf.info).join(' ')}`).join(' ');
    const shown = values.filter((value) => asItIs.includes(value));
    // The facts each sheet shows, still placeholders here: the release gate names and refuses each
    // (__tests__/check/release-gate.test.ts).
    expect(shown).toEqual(expect.arrayContaining(['+359 000 000 000', 'info@npts.eu', 'NPTS [legal name]', '[Street and number]', '000000000', 'BG000000000', 'https://www.npts.eu']));
    try {
      await jest.isolateModulesAsync(async () => {
        jest.doMock('@/lib/site', () => {
          const actual = jest.requireActual('@/lib/site');
          const configured = set(actual.site, 'site') as typeof site;
          return { ...actual, site: configured, absoluteUrl: (path: string) => `${configured.url}${path}` };
        });
        jest.doMock('@/lib/content', () => {
          const { content: actual } = jest.requireActual('@/lib/content');
          return { content: { ...actual, company: set(actual.company, 'company'), testimonial: set(actual.testimonial, 'testimonial') } };
        });
        // Every sheet draws the company's facts with the same parts: one of a page and one of two.
        for (const service of ['/rest', '/ai'] as const) {
          const { pdf } = await pageAndSheet(service);
          const everything = `${pdf.text} ${Object.values(pdf.info).join(' ')}`;
          expect(shown.filter((value) => everything.includes(value))).toEqual([]);
          expect(everything).toContain('set company.phone.display');
        }
      });
    } finally {
      jest.dontMock('@/lib/site');
      jest.dontMock('@/lib/content');
    }
  });
});
