import { site } from '@/lib/site';

/** The company's phone number, as a link that dials it (kept on one line by globals.css). */
export function PhoneLink() {
  return <a href={`tel:${site.phone.tel}`}>{site.phone.display}</a>;
}
