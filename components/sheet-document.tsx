/**
 * A service sheet as a PDF, drawn with @react-pdf/renderer when the site is built: A4, in the
 * site's font (Inter, embedded), with selectable text and the document's title, author and subject.
 * The service comes first, on a page or two (components/sheet-content.ts reads it from the page);
 * then, when it has any, its proof on a page of its own: the service levels and the latest
 * results. Every page ends with who stands behind it and how to reach them (content/company.yaml). Each
 * part is set in about the largest type that keeps it to its pages, so the page count the page's
 * link states (sheetPages) is always the sheet's.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import sharp from 'sharp';
import { clientOf, finishedIn, withUnit } from '@/components/results';
import { hasProof, pageHolds, type Sheet, type SheetBlock, type SheetPoint, SIZES, sheetLayout, sheetPages } from '@/components/sheet-content';
import type { Result } from '@/lib/results';
import { hoursText, type ServiceLevels } from '@/lib/service-levels';
import { content } from '@/lib/content';
import { absoluteUrl, site } from '@/lib/site';

type Pdf = typeof import('@react-pdf/renderer');
type Style = import('@react-pdf/renderer').Styles[string];

/** At most this many results: the latest; the page has them all. */
const RESULTS = 2;

// The site's colours (app/globals.css).
const navy = '#0b2140';
const teal = '#0b6e75';
const amber = '#f5b83d';
const text = '#10233d';
const muted = '#4a5b70';
const rule = '#d6dee8';
const tint = '#f3f6f9';

const WEIGHTS = [400, 600, 800] as const;
/**
 * Inter as fontsource cuts it, in static instances (the renderer reads no variable font): Latin,
 * then Latin Extended for a name such as Constanța or Gdańsk, which Latin lacks.
 */
const SUBSETS = ['latin', 'latin-ext'] as const;
const FONT = SUBSETS.map((subset) => `Inter ${subset}`);

let registered = false;

/** The font files, once a process; the PDF embeds only the glyphs it draws. */
function registerFonts(pdf: Pdf) {
  if (registered) return;
  registered = true;
  // Resolved from the project at run time, through the files the package exports.
  const { resolve } = createRequire(join(process.cwd(), 'package.json'));
  for (const subset of SUBSETS) {
    pdf.Font.register({ family: `Inter ${subset}`, fonts: WEIGHTS.map((fontWeight) => ({ src: resolve(`@fontsource/inter/files/inter-${subset}-${fontWeight}-normal.woff`), fontWeight })) });
  }
  // Words are never split: a buyer searches the sheet for them.
  pdf.Font.registerHyphenationCallback((word) => [word]);
}

let logo: Promise<Buffer> | undefined;
/** The logo of public/logo.svg, as a PNG sharp enough for print at the size the header draws it. */
const logoPng = () => (logo ??= readFile(join(process.cwd(), 'public/logo.svg')).then((svg) => sharp(svg, { density: 600 }).resize(120, 120).png().toBuffer()));

/** Sizes from the body's: the sheet shrinks as one. */
function typeScale(size: number) {
  return {
    body: { fontSize: size, lineHeight: 1.38 } satisfies Style,
    small: { fontSize: size * 0.86, lineHeight: 1.35, color: muted } satisfies Style,
    h1: { fontSize: size * 2.3, fontWeight: 800, color: navy, lineHeight: 1.15 } satisfies Style,
    h2: { fontSize: size * 1.3, fontWeight: 800, color: navy, marginTop: size * 1.2, paddingBottom: size * 0.25, borderBottomWidth: 1, borderBottomColor: rule } satisfies Style,
    h3: { fontSize: size, fontWeight: 600, color: navy, marginBottom: size * 0.1 } satisfies Style,
    gap: size * 0.6,
  };
}
type Type = ReturnType<typeof typeScale>;

type Parts = { pdf: Pdf; type: Type };

/** The band at the top of each page: the logo and the company's name, and what the document is. */
function Header({ pdf: { View, Text, Image }, logo, url }: { pdf: Pdf; logo: Buffer; url: string }) {
  return (
    <View style={{ flexDirection: 'row', justifyContent: 'space-between', alignItems: 'center', backgroundColor: navy, borderBottomWidth: 3, borderBottomColor: amber, paddingVertical: 12, paddingHorizontal: 40 }}>
      <View style={{ flexDirection: 'row', alignItems: 'center' }}>
        {/* eslint-disable-next-line jsx-a11y/alt-text -- react-pdf's Image, which has none: the name beside it says what it is */}
        <Image src={{ data: logo, format: 'png' }} style={{ width: 26, height: 26, marginRight: 8 }} />
        <Text style={{ color: '#ffffff', fontSize: 16, fontWeight: 800, letterSpacing: 1 }}>{site.name}</Text>
      </View>
      <View style={{ alignItems: 'flex-end' }}>
        <Text style={{ color: amber, fontSize: 7.5, fontWeight: 800, letterSpacing: 0.6 }}>SERVICE SHEET</Text>
        <Text style={{ color: '#dbe5f1', fontSize: 8, marginTop: 2 }}>{url}</Text>
      </View>
    </View>
  );
}

/** At the foot of each page: who stands behind the sheet, how to reach them, and the page's number. */
function Footer({ pdf: { View, Text }, url, onPages }: { pdf: Pdf; url: string; onPages: (pages: number) => void }) {
  const { address } = content.company;
  const line = { fontSize: 7.5, lineHeight: 1.45, color: muted } satisfies Style;
  const foot = { position: 'absolute', bottom: 22 } satisfies Style;
  return (
    <>
      <View fixed style={{ ...foot, left: 40, right: 40, flexDirection: 'row', borderTopWidth: 1, borderTopColor: rule, paddingTop: 8 }}>
        <View style={{ width: '50%' }}>
          <Text style={{ ...line, color: text, fontWeight: 600 }}>{content.company.legalName}</Text>
          <Text style={line}>
            {address.street}, {address.postcode} {address.city}, {content.company.registeredIn}
          </Text>
          <Text style={line}>
            UIC {content.company.companyNumber} · VAT {content.company.vatId}
          </Text>
        </View>
        <View>
          <Text style={{ ...line, color: text, fontWeight: 600 }}>Phone {content.company.phone.display}</Text>
          <Text style={line}>Email {content.company.email}</Text>
          <Text style={line}>{url}</Text>
        </View>
      </View>
      {/* On its own: in the row above, a text drawn per page takes the whole row off the page. */}
      <Text
        fixed
        style={{ ...foot, ...line, left: 40, right: 40, textAlign: 'right' }}
        render={({ pageNumber, totalPages }) => {
          onPages(totalPages);
          return `${pageNumber} / ${totalPages}`;
        }}
      />
    </>
  );
}

/**
 * Points in columns, read down each column and then across, as a printed sheet is: two columns,
 * or three when they come in threes; each column takes the next points, as many as keeps the
 * columns about as long.
 */
function Points({ pdf: { View, Text }, type, items }: Parts & { items: SheetPoint[] }) {
  const count = items.length % 3 === 0 ? 3 : 2;
  return (
    <View style={{ flexDirection: 'row', marginHorizontal: -type.gap / 2 }}>
      {columns(items, count).map((column) => (
        <View key={column[0].title} style={{ width: `${100 / count}%`, paddingHorizontal: type.gap / 2 }}>
          {column.map((item) => (
            <View key={item.title} wrap={false} style={{ borderLeftWidth: 2, borderLeftColor: teal, paddingLeft: type.gap * 0.8, marginTop: type.gap }}>
              <Text style={type.h3}>{item.title}</Text>
              <Text style={type.body}>{item.text}</Text>
            </View>
          ))}
        </View>
      ))}
    </View>
  );
}

/** `items` in `count` runs, in order, the longest run as short as can be (by characters, a title counting as a line). */
function columns(items: SheetPoint[], count: number): SheetPoint[][] {
  const size = (item: SheetPoint) => item.text.length + 60;
  const longest = (runs: SheetPoint[][]) => Math.max(...runs.map((run) => run.reduce((sum, item) => sum + size(item), 0)));
  if (count === 1 || items.length <= 1) return [items];
  // Every place the first run may end, the rest split the same way.
  const options = items.slice(1).map((_, index) => [items.slice(0, index + 1), ...columns(items.slice(index + 1), count - 1)]);
  return options.reduce((best, option) => (longest(option) < longest(best) ? option : best));
}

/** Numbered steps in a row, as the page's timeline. */
function Steps({ pdf: { View, Text }, type, items }: Parts & { items: SheetPoint[] }) {
  const badge = type.body.fontSize * 1.9;
  return (
    <View style={{ flexDirection: 'row', marginHorizontal: -type.gap / 2 }}>
      {items.map((item, index) => (
        <View key={item.title} wrap={false} style={{ flex: 1, paddingHorizontal: type.gap / 2, marginTop: type.gap }}>
          <View style={{ flexDirection: 'row', alignItems: 'center', marginBottom: type.gap * 0.5 }}>
            <View style={{ width: badge, height: badge, borderRadius: badge / 2, backgroundColor: teal, justifyContent: 'center', alignItems: 'center' }}>
              <Text style={{ color: '#ffffff', fontSize: type.body.fontSize, fontWeight: 800 }}>{index + 1}</Text>
            </View>
            <View style={{ flex: 1, height: 1, backgroundColor: index < items.length - 1 ? rule : 'transparent', marginLeft: type.gap * 0.5 }} />
          </View>
          <Text style={type.h3}>{item.title}</Text>
          <Text style={type.body}>{item.text}</Text>
        </View>
      ))}
    </View>
  );
}

/** A block of a section on paper: its points, its steps, or a sentence set off, such as the onboarding time. */
function Block({ block, ...parts }: Parts & { block: SheetBlock }) {
  const { Text } = parts.pdf;
  if (block.kind === 'text') return <Text style={{ ...parts.type.body, marginTop: parts.type.gap, fontWeight: 600, color: teal }}>{block.text}</Text>;
  return block.kind === 'points' ? <Points {...parts} items={block.items} /> : <Steps {...parts} items={block.items} />;
}

/** A section's heading, kept with what follows it. */
function Heading({ pdf: { Text }, type, children }: Parts & { children: string }) {
  return (
    <Text style={type.h2} minPresenceAhead={60}>
      {children}
    </Text>
  );
}

/** The page's closing call, with the two ways to answer it. */
function Call({ pdf: { View, Text }, type, call }: Parts & { call: SheetPoint | null }) {
  return (
    <View wrap={false} style={{ marginTop: type.gap * 2, backgroundColor: tint, borderLeftWidth: 3, borderLeftColor: amber, paddingVertical: type.gap, paddingHorizontal: type.gap * 1.4 }}>
      {call && <Text style={{ ...type.h3, fontSize: type.body.fontSize * 1.2, fontWeight: 800 }}>{call.title}</Text>}
      {call && <Text style={type.body}>{call.text}</Text>}
      <Text style={{ ...type.body, marginTop: type.gap * 0.5, fontWeight: 600, color: navy }}>
        Phone {content.company.phone.display} · Email {content.company.email}
      </Text>
    </View>
  );
}

/** A table of rows of cells: the first column named and wider, the rest of equal width. */
function Table({ pdf: { View, Text }, type, head, rows }: Parts & { head: readonly string[]; rows: { key: string; cells: [React.ReactNode, ...string[]] }[] }) {
  const first = head.length === 3 ? '46%' : '40%';
  const rest = `${(100 - parseFloat(first)) / (head.length - 1)}%`;
  const cell = (index: number) => ({ width: index === 0 ? first : rest, paddingRight: type.gap }) satisfies Style;
  return (
    <View style={{ marginTop: type.gap }}>
      <View style={{ flexDirection: 'row', borderBottomWidth: 1, borderBottomColor: navy, paddingBottom: 3 }}>
        {head.map((label, index) => (
          <Text key={label} style={{ ...type.small, ...cell(index), fontWeight: 600, color: navy }}>
            {label}
          </Text>
        ))}
      </View>
      {rows.map(({ key, cells }) => (
        <View key={key} wrap={false} style={{ flexDirection: 'row', borderBottomWidth: 1, borderBottomColor: rule, paddingVertical: 4 }}>
          {cells.map((content, index) => (
            <View key={index} style={cell(index)}>
              {typeof content === 'string' ? <Text style={type.body}>{content}</Text> : content}
            </View>
          ))}
        </View>
      ))}
    </View>
  );
}

/** What the support desk commits to, as the page's "Service levels" has it. */
function Levels({ levels, ...parts }: Parts & { levels: ServiceLevels }) {
  const { View, Text } = parts.pdf;
  const { type } = parts;
  const list = (items: readonly string[]) => new Intl.ListFormat('en-GB').format(items);
  const desk: [string, string][] = [
    ['Hours', hoursText(levels)],
    ['Languages', list(levels.languages)],
    // On paper a portal is its address.
    ['Channels', levels.channels.map((channel) => (channel.kind === 'portal' ? `${channel.label}, ${channel.href}` : channel.label)).join(' · ')],
    ['Escalation', levels.escalation.map((step, index) => `${index + 1}. ${step}`).join('\n')],
    ['Engineer on board', list(levels.attendance)],
  ];
  return (
    <View>
      <Heading {...parts}>Service levels</Heading>
      {levels.priorities.length > 0 && (
        <Table
          {...parts}
          head={['Priority', 'Response', 'Restore']}
          rows={levels.priorities.map((priority) => ({
            key: priority.level,
            cells: [
              <View key="priority">
                <Text style={{ ...type.body, fontWeight: 600, color: navy }}>
                  {priority.level} · {priority.name}
                </Text>
                <Text style={type.small}>{priority.definition}</Text>
              </View>,
              priority.response,
              priority.restore,
            ],
          }))}
        />
      )}
      <View style={{ flexDirection: 'row', flexWrap: 'wrap', marginTop: type.gap }}>
        {desk
          .filter(([, value]) => value)
          .map(([term, value]) => (
            <View key={term} wrap={false} style={{ width: '50%', paddingRight: type.gap, marginTop: type.gap * 0.6 }}>
              <Text style={{ ...type.small, fontWeight: 600, color: navy }}>{term}</Text>
              <Text style={type.body}>{value}</Text>
            </View>
          ))}
      </View>
      {levels.uptime.length > 0 && (
        <Table {...parts} head={['Link availability', 'Commitment', 'If it is missed']} rows={levels.uptime.map((uptime) => ({ key: uptime.link, cells: [uptime.link, uptime.commitment, uptime.remedy] }))} />
      )}
    </View>
  );
}

/** One case: who and when, what changed, the situation, the work, its figures and, where given, the client's words. */
function Case({ result, ...parts }: Parts & { result: Result }) {
  const { View, Text } = parts.pdf;
  const { type } = parts;
  const facts = [result.sector, result.vesselType, result.fleetSize !== undefined && `${result.fleetSize} vessels or rigs`, result.region].filter(Boolean).join(' · ');
  return (
    <View wrap={false} style={{ marginTop: type.gap * 1.4 }}>
      <Text style={type.small}>
        {clientOf(result)} · {finishedIn(result)}
      </Text>
      <Text style={{ ...type.h3, fontSize: type.body.fontSize * 1.15 }}>{result.title}</Text>
      <Text style={type.small}>{facts}</Text>
      <View style={{ flexDirection: 'row', marginTop: type.gap * 0.6 }}>
        <View style={{ flex: 1, paddingRight: type.gap }}>
          <Text style={type.body}>
            <Text style={{ fontWeight: 600 }}>The situation: </Text>
            {result.situation}
          </Text>
          <Text style={{ ...type.body, marginTop: type.gap * 0.4 }}>
            <Text style={{ fontWeight: 600 }}>What we did: </Text>
            {result.work}
          </Text>
          {result.quote && (
            <Text style={{ ...type.body, marginTop: type.gap * 0.4, color: muted }}>
              “{result.quote.text}” — {result.quote.name}, {result.quote.role}, {clientOf(result)}
            </Text>
          )}
        </View>
        <View style={{ width: '38%' }}>
          {result.outcome.map((figure) => (
            <View key={figure.label} style={{ backgroundColor: tint, padding: type.gap * 0.6, marginBottom: type.gap * 0.4 }}>
              <Text style={{ ...type.small, color: navy, fontWeight: 600 }}>{figure.label}</Text>
              <Text style={{ fontSize: type.body.fontSize * 1.5, lineHeight: 1.25, fontWeight: 800, color: teal }}>
                {withUnit(figure.value, figure.unit)}
                {figure.before && <Text style={{ fontSize: type.small.fontSize, fontWeight: 400, color: muted }}> from {withUnit(figure.before, figure.unit)}</Text>}
              </Text>
              <Text style={type.small}>
                {figure.period}, {figure.source}.
              </Text>
            </View>
          ))}
        </View>
      </View>
    </View>
  );
}

/** A sheet's two parts: the service, on a page or two, and its proof, on one of its own. */
type Part = 'service' | 'proof';

type DocumentProps = { pdf: Pdf; sheet: Sheet; subject: string; sizes: Record<Part, number>; parts: readonly Part[]; logo: Buffer; onPages: (pages: number) => void };

/** The sheet itself, or one of its parts alone, to see what type size it fits in. */
function SheetDocument({ pdf, sheet, subject, sizes, parts: drawn, logo, onPages }: DocumentProps) {
  const { Document, Page, View, Text } = pdf;
  const url = absoluteUrl(sheet.service);
  const results = sheet.results.slice(0, RESULTS);
  /** A page of the sheet: the band, the service's eyebrow and heading, what it holds, and the foot. */
  const page = (key: string, type: Type, heading: React.ReactNode, children: React.ReactNode) => (
    <Page key={key} size="A4" style={{ fontFamily: FONT, color: text, paddingBottom: 78, ...type.body }}>
      <Header pdf={pdf} logo={logo} url={url} />
      <View style={{ paddingHorizontal: 40, paddingTop: 16 }}>
        <Text style={{ fontSize: 8, fontWeight: 800, color: teal, letterSpacing: 1.1, marginBottom: 3 }}>{sheet.eyebrow.toUpperCase()}</Text>
        {heading}
        {children}
      </View>
      <Footer pdf={pdf} url={url} onPages={onPages} />
    </Page>
  );
  /** The service's heading where the sheet goes on: smaller than the first page's. */
  const continued = (type: Type) => <Text style={{ ...type.h1, fontSize: type.body.fontSize * 1.6 }}>{sheet.title}</Text>;

  const service = () => {
    const type = typeScale(sizes.service);
    const parts = { pdf, type };
    const layout = sheetLayout(sheet);
    return layout.map(({ sections }, index) =>
      page(
        `service ${index}`,
        type,
        index === 0 ? (
          <>
            <Text style={type.h1}>{sheet.title}</Text>
            <Text style={{ ...type.body, fontSize: type.body.fontSize * 1.1, color: muted, marginTop: type.gap * 0.6 }}>{sheet.lead}</Text>
          </>
        ) : (
          continued(type)
        ),
        <>
          {sections.map((section) => (
            <View key={section.title}>
              <Heading {...parts}>{section.title}</Heading>
              {section.intro && <Text style={{ ...type.body, color: muted, marginTop: type.gap * 0.6 }}>{section.intro}</Text>}
              {section.blocks.map((block, blockIndex) => (
                <Block key={blockIndex} {...parts} block={block} />
              ))}
            </View>
          ))}
          {index === layout.length - 1 && <Call {...parts} call={sheet.call} />}
        </>,
      ),
    );
  };

  const proof = () => {
    const type = typeScale(sizes.proof);
    const parts = { pdf, type };
    return page(
      'proof',
      type,
      continued(type),
      <>
        {sheet.levels && <Levels {...parts} levels={sheet.levels} />}
        {results.length > 0 && (
          <View>
            <Heading {...parts}>Results</Heading>
            {results.map((result) => (
              <Case key={`${result.date} ${result.title}`} {...parts} result={result} />
            ))}
            {sheet.results.length > results.length && (
              <Text style={{ ...type.small, marginTop: type.gap }}>
                The latest {results.length} of {sheet.results.length} results; all of them at {url}
              </Text>
            )}
          </View>
        )}
      </>,
    );
  };

  return (
    <Document title={`${sheet.title}: service sheet | ${site.name}`} author={content.company.legalName} subject={subject} creator={site.name} language="en-GB">
      {drawn.includes('service') && service()}
      {drawn.includes('proof') && proof()}
    </Document>
  );
}

/**
 * The sheet as a PDF, each part in the largest type (about: see pageHolds) that keeps it to its
 * pages: the service to one or two (sheetLayout), its proof, if any, to one. So the page count
 * the page's link states (sheetPages) is the sheet's. Fails, naming the page, when even the
 * smallest type would not do.
 */
export async function renderSheet(sheet: Sheet, { subject }: { subject: string }): Promise<Buffer> {
  // Loaded when a sheet is drawn, not with this file: the renderer is an ES module with top-level
  // await (yoga-layout), which jest, running this file as CommonJS, can only import().
  const pdf = await import('@react-pdf/renderer');
  registerFonts(pdf);
  const logo = await logoPng();
  /** The first of `sizes` whose drawing has `pages` pages, and that drawing. */
  const firstFit = async (sizes: readonly number[], pages: number, parts: readonly Part[], sized: (size: number) => Record<Part, number>) => {
    for (const size of sizes) {
      let drawn = 0;
      const buffer = await pdf.renderToBuffer(<SheetDocument pdf={pdf} sheet={sheet} subject={subject} sizes={sized(size)} parts={parts} logo={logo} onPages={(count) => (drawn = Math.max(drawn, count || 0))} />);
      if (drawn === pages) return { size, buffer };
    }
    return null;
  };
  const smallest = `${SIZES.at(-1)} pt type`;

  // The service alone, from the size its heaviest page should fit in down: one drawing, mostly.
  const layout = sheetLayout(sheet);
  const heaviest = Math.max(...layout.map((page) => page.weight));
  const from = SIZES.findIndex((size) => pageHolds(size) >= heaviest);
  const service = await firstFit(SIZES.slice(from === -1 ? -1 : from), layout.length, ['service'], (size) => ({ service: size, proof: size }));
  if (!service) {
    throw new Error(`the service sheet of ${sheet.service} does not fit on ${layout.length} ${layout.length === 1 ? 'page' : 'pages'} even in ${smallest}: take a section off it (sheet on its <Section> in app${sheet.service}/page.tsx), or shorten one`);
  }
  if (!hasProof(sheet)) return service.buffer;

  // Then the proof after it, from the largest size down: with the service as fitted, a page more is the proof's.
  const whole = await firstFit(SIZES, sheetPages(sheet), ['service', 'proof'], (size) => ({ service: service.size, proof: size }));
  if (!whole) throw new Error(`the proof on the service sheet of ${sheet.service} does not fit on a page even in ${smallest}: shorten the service levels (content/service-levels.yaml) or its latest results (content/results.yaml)`);
  return whole.buffer;
}
