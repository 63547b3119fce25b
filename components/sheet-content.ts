/**
 * What a service page puts on its service sheet (the PDF of app/sheets/[file]/route.ts), read from
 * the page itself: its route file's element tree, as ServicePage receives it, never rendered. The
 * opening band's eyebrow, heading and lead; each section marked `<Section sheet …>`, in the page's
 * order, with its points, cards, steps and sentences; the closing call; and the proof the page
 * shows (ServiceProof): its results and, where the page has them, the service levels. An editor
 * changes the page, and the sheet follows: its copy is nowhere else.
 */
import { Children, isValidElement, type ReactElement, type ReactNode } from 'react';
import { ButtonLink } from '@/components/button-link';
import { ClosingCta } from '@/components/closing-cta';
import { FeatureCard } from '@/components/feature-card';
import { FeatureList } from '@/components/feature-list';
import { onboardingText, OnboardingTime } from '@/components/onboarding-time';
import { ProcessStep, ProcessSteps } from '@/components/process-steps';
import { serviceResults } from '@/components/results';
import { CardGrid, Section } from '@/components/section';
import { ServiceProof } from '@/components/service-proof';
import { content } from '@/lib/content';
import type { VesselService } from '@/lib/onboarding';
import type { Result, ServicePath } from '@/lib/results';
import type { ServiceLevels } from '@/lib/service-levels';

/** A point, a card or a step: its heading and what it says. */
export type SheetPoint = { title: string; text: string };
/** What a section holds, in its order: points side by side, numbered steps, or a sentence. */
export type SheetBlock = { kind: 'points' | 'steps'; items: SheetPoint[] } | { kind: 'text'; text: string };
export type SheetSection = { title: string; intro?: string; blocks: SheetBlock[] };

export type Sheet = {
  service: ServicePath;
  eyebrow: string;
  title: string;
  lead: string;
  sections: SheetSection[];
  /** The page's closing call: its heading and what the visitor gets by writing. */
  call: SheetPoint | null;
  /** The cases that used the service, latest first. */
  results: readonly Result[];
  /** The service levels, where the page shows them. */
  levels: ServiceLevels | null;
};

/** What ServicePage receives: the opening band's words and the page's sections. */
export type SheetSource = { service: ServicePath; eyebrow: string; title: string; lead: ReactNode; children: ReactNode };

type Element = ReactElement<{ children?: ReactNode } & Record<string, unknown>>;

/** The text a node reads as: its strings, however deep, with the white space of the source folded. */
export function textOf(node: ReactNode): string {
  const text = (part: ReactNode): string => {
    if (typeof part === 'string' || typeof part === 'number') return String(part);
    if (Array.isArray(part)) return part.map(text).join('');
    if (isValidElement<{ children?: ReactNode }>(part)) return text(part.props.children);
    return '';
  };
  return text(node).replace(/\s+/g, ' ').trim();
}

/** Every element among `children`, however deep in other elements' children (not in other props). */
function elementsIn(children: ReactNode): Element[] {
  return Children.toArray(children)
    .filter((child): child is Element => isValidElement(child))
    .flatMap((element) => [element, ...elementsIn(element.props.children)]);
}

const nameOf = (element: Element) => (typeof element.type === 'string' ? element.type : (element.type as { name?: string }).name ?? 'a component');

/** A card or a step: its title and its paragraphs. */
function pointOf(element: Element, where: string): SheetPoint {
  if (element.type !== FeatureCard && element.type !== ProcessStep) throw new Error(`${where}: <${nameOf(element)}> among cards or steps: the service sheet prints FeatureCard and ProcessStep`);
  return { title: String(element.props.title), text: textOf(element.props.children) };
}

/** What one element of a marked section puts on the sheet. */
function blocksOf(element: Element, where: string): SheetBlock[] {
  const children = Children.toArray(element.props.children).filter(isValidElement) as Element[];
  switch (element.type) {
    case FeatureList:
      return [{ kind: 'points', items: (element.props.items as SheetPoint[]).map(({ title, text }) => ({ title, text })) }];
    case CardGrid:
      return [{ kind: 'points', items: children.map((card) => pointOf(card, where)) }];
    case ProcessSteps:
      return [{ kind: 'steps', items: children.map((step) => pointOf(step, where)) }];
    case OnboardingTime: {
      const text = onboardingText(element.props.service as VesselService);
      return text ? [{ kind: 'text', text }] : [];
    }
    case 'p':
      // A paragraph that holds a call to the contact form: on paper, the sheet's own contact is that call.
      return elementsIn(element.props.children).some((inner) => inner.type === ButtonLink) ? [] : [{ kind: 'text', text: textOf(element) }];
    default:
      // Never left out in silence: a section on the sheet is on it whole.
      throw new Error(`${where}: the service sheet cannot print <${nameOf(element)}>; teach it in components/sheet-content.ts, or take sheet off the section`);
  }
}

/** What the sheet of a service page holds, read from what its ServicePage receives. */
export function sheetOf({ service, eyebrow, title, lead, children }: SheetSource): Sheet {
  const elements = elementsIn(children);
  const sections = elements
    .filter((element) => element.type === Section && element.props.sheet)
    .map(({ props }) => {
      const where = `${service}, the section “${String(props.title)}”`;
      if (typeof props.title !== 'string') throw new Error(`${where}: a section on the service sheet needs its title`);
      const blocks = (Children.toArray(props.children).filter(isValidElement) as Element[]).flatMap((element) => blocksOf(element, where));
      return { title: props.title, intro: props.intro ? textOf(props.intro as ReactNode) : undefined, blocks };
    });
  const closing = elements.find((element) => element.type === ClosingCta);
  const proof = elements.find((element) => element.type === ServiceProof);
  return {
    service,
    eyebrow,
    title,
    lead: textOf(lead),
    sections,
    call: closing ? { title: String(closing.props.title), text: textOf(closing.props.children) } : null,
    results: proof ? serviceResults(proof.props.service as ServicePath) : [],
    levels: proof?.props.levels ? content.serviceLevels : null,
  };
}

/**
 * How much a section puts on paper, in characters of copy: its words, and for each heading the
 * room it takes as though it were words. Rough: the sheet is drawn to fit, and what this decides
 * only needs to err little.
 */
function weightOf(section: SheetSection): number {
  const items = section.blocks.flatMap((block) => (block.kind === 'text' ? [{ title: '', text: block.text }] : block.items));
  return HEADING + (section.intro?.length ?? 0) + items.reduce((sum, item) => sum + item.text.length + (item.title ? POINT : 0), 0);
}
const HEADING = 240;
const POINT = 90;
/** The service's heading and its lead's margins, at the top of the first page. */
const TITLE = 300;

/** The body type's sizes, in points: the largest the sheet is set in, down to the smallest it may shrink to. */
export const SIZES = [9.5, 9, 8.5, 8, 7.5] as const;

/** About how much copy, in the weight above, a page holds in type of `size`: its area over the type's, as measured on the sheets. */
export const pageHolds = (size: number) => 380_000 / size ** 2;

/** Below this size a service goes on two pages instead of one: small type is for what just overflows. */
const ONE_PAGE_DOWN_TO = 8;

/**
 * The service's pages, each with its sections and how much they weigh: all on one when they fit,
 * else in two halves of about the same weight, the second starting with a section (the first
 * holds the lead too). Its proof, if any, takes a page of its own after them.
 */
export function sheetLayout(sheet: Sheet): { sections: SheetSection[]; weight: number }[] {
  // Up to each section: the heading, the lead and the sections before it.
  const before = sheet.sections.reduce((sums, section) => [...sums, sums.at(-1)! + weightOf(section)], [TITLE + sheet.lead.length]);
  const total = before.at(-1)!;
  if (total <= pageHolds(ONE_PAGE_DOWN_TO) || sheet.sections.length < 2) return [{ sections: sheet.sections, weight: total }];
  const half = (at: number) => Math.abs(total - 2 * before[at]);
  const split = sheet.sections.slice(2).reduce((best, _, index) => (half(index + 2) < half(best) ? index + 2 : best), 1);
  return [
    { sections: sheet.sections.slice(0, split), weight: before[split] },
    { sections: sheet.sections.slice(split), weight: total - before[split] },
  ];
}

/** Whether the sheet has proof to show: results, or the service levels. */
export const hasProof = (sheet: Sheet) => sheet.results.length > 0 || sheet.levels !== null;

/** The page count the hero's link states: the service's pages, and one for its proof when there is any. */
export const sheetPages = (sheet: Sheet) => sheetLayout(sheet).length + (hasProof(sheet) ? 1 : 0);
