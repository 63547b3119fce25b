/**
 * EDITOR: proof of what NPTS says about itself, shown only when it is real. Every list may stay
 * empty: a list with entries shows on /about (and, in short, on the home page); an empty one
 * leaves no heading and no gap. `npm run check` refuses an expired certificate, a client whose
 * permission to be named is not recorded, and an example.com link. Never add an entry the
 * company cannot show evidence of.
 */

/** A logo the company may show, in public/ (e.g. '/clients/acme.svg'), beside the name it stands for. */
export type Logo = { src: string; width: number; height: number };

export type Client = {
  name: string;
  /** The client's logo, where the client agreed to it too. */
  logo?: Logo;
  href?: string;
  /** Who at the client agreed to be named here, how and when: 'Jane Doe, CEO, by email on 2026-03-01'. */
  permission: string;
};

export type Certification = {
  name: string;
  issuer: string;
  /** The certificate's number, as the issuer's register shows it. */
  number: string;
  scope: string;
  /** The last day it is valid, as YYYY-MM-DD. */
  validUntil: string;
  /** The issuer's page where a visitor can check it. */
  href?: string;
  /** The certification mark the issuer lets holders show. */
  logo?: Logo;
};

export type Partnership = {
  name: string;
  /** As the vendor names it: 'Authorised reseller', 'Gold partner'. */
  level: string;
  href?: string;
  /** The partner mark the vendor lets partners show. */
  logo?: Logo;
};

export type ReferenceLists = {
  clients: readonly Client[];
  certifications: readonly Certification[];
  partnerships: readonly Partnership[];
};

export const references: ReferenceLists = {
  clients: [],
  certifications: [],
  partnerships: [],
};
