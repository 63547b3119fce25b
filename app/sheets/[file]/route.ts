import type { Metadata } from 'next';
import * as ai from '@/app/ai/page';
import * as coms from '@/app/coms/page';
import * as consulting from '@/app/consulting/page';
import * as network from '@/app/network/page';
import * as proto from '@/app/proto/page';
import * as rest from '@/app/rest/page';
import * as software from '@/app/software/page';
import * as vrit from '@/app/vrit/page';
import { sheetOf, type SheetSource } from '@/components/sheet-content';
import { renderSheet } from '@/components/sheet-document';
import { ServicePage } from '@/components/service-page';
import type { ServicePath } from '@/lib/results';
import { sheetFiles } from '@/lib/service-sheets';

export const dynamic = 'force-static';
export const dynamicParams = false;

/** Each service page's route file: the page, and its metadata, whose description is the sheet's subject. */
const pages: Record<ServicePath, { default: () => React.ReactElement; generateMetadata: () => Metadata }> = {
  '/coms': coms,
  '/network': network,
  '/vrit': vrit,
  '/software': software,
  '/rest': rest,
  '/proto': proto,
  '/ai': ai,
  '/consulting': consulting,
};

export function generateStaticParams() {
  return Object.values(sheetFiles).map((file) => ({ file }));
}

/**
 * /sheets/npts-vessel-it-management.pdf and the others: each service page's sheet, drawn when the
 * site is built from the page itself. Its route file's default export is called, not rendered: it
 * returns the ServicePage element whose props hold the page's copy (components/sheet-content.ts).
 */
export async function GET(_request: Request, { params }: { params: Promise<{ file: string }> }) {
  const { file } = await params;
  const service = (Object.keys(sheetFiles) as ServicePath[]).find((path) => sheetFiles[path] === file);
  if (!service) return new Response('Not found', { status: 404 });
  const page = pages[service].default();
  if (page.type !== ServicePage) throw new Error(`app${service}/page.tsx does not return a <ServicePage>: its sheet is read from one`);
  const sheet = sheetOf(page.props as SheetSource);
  const pdf = await renderSheet(sheet, { subject: String(pages[service].generateMetadata().description) });
  return new Response(new Uint8Array(pdf), { headers: { 'Content-Type': 'application/pdf' } });
}
