import { pageShareImage, shareImageSize } from '@/lib/share-image';
import { generateMetadata } from './page';

// This page's share image, drawn at build time from its own title and description.
export const dynamic = 'force-static';
export const size = shareImageSize;
export const contentType = 'image/png';
export const alt = String(generateMetadata().title);

export default function Image() {
  return pageShareImage(generateMetadata());
}
