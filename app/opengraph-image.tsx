import { shareImage, shareImageSize } from '@/lib/share-image';
import { site } from '@/lib/site';

// The home page's share image, and every page's that has none of its own (the not-found page,
// the contact form's result pages take /contact's).
export const dynamic = 'force-static';
export const size = shareImageSize;
export const contentType = 'image/png';
export const alt = site.title;

export default function Image() {
  return shareImage({ title: site.title, description: site.description, path: '/' });
}
