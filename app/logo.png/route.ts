import { logoImage } from '@/lib/share-image';

export const dynamic = 'force-static';

/** /logo.png, built from public/logo.svg: the logo search engines show next to the company. */
export function GET() {
  return logoImage();
}
