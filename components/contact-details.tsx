import { content } from '@/lib/content';
import type { Phone } from '@/lib/company';

/** A phone number, as a link that dials it (kept on one line by globals.css): the company's by default. */
export function PhoneLink({ phone = content.company.phone }: { phone?: Phone }) {
  return <a href={`tel:${phone.tel}`}>{phone.display}</a>;
}

/** The public email address, as a link that writes to it. */
export function EmailLink() {
  return <a href={`mailto:${content.company.email}`}>{content.company.email}</a>;
}

/** "Phone: …" and "Email: …", as two items of the list of ways to reach us they are put in. */
export function PhoneAndEmailItems() {
  return (
    <>
      <li>
        Phone: <PhoneLink />
      </li>
      <li>
        Email: <EmailLink />
      </li>
    </>
  );
}

/** Who stands behind the site and where it is registered, one line each, as on a letterhead. */
export function CompanyAddress({ className }: { className?: string }) {
  return (
    <address className={className}>
      {content.company.legalName}
      <br />
      {content.company.address.street}
      <br />
      {content.company.address.postcode} {content.company.address.city}
      <br />
      {content.company.registeredIn}
    </address>
  );
}

/** The numbers the Commercial Register and the tax office know the company by. */
export function RegisterNumbers() {
  return (
    <>
      UIC {content.company.companyNumber} · VAT {content.company.vatId}
    </>
  );
}
