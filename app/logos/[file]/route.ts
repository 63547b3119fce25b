import { techLogoSvg, technologies } from '@/lib/tech-logos';

export const dynamic = 'force-static';

export function generateStaticParams() {
  return technologies.map((icon) => ({ file: `${icon.slug}.svg` }));
}

/** Each technology mark as its own file, so About's HTML carries no path data. */
export async function GET(_request: Request, { params }: { params: Promise<{ file: string }> }) {
  const { file } = await params;
  const icon = technologies.find((candidate) => `${candidate.slug}.svg` === file);
  if (!icon) return new Response('Not found', { status: 404 });
  return new Response(techLogoSvg(icon), { headers: { 'Content-Type': 'image/svg+xml' } });
}
