/**
 * The schema of content/onboarding.yaml: how long it takes to bring a vessel onto each vessel and
 * rig service, as the company states it to clients from its own past projects. It shows under
 * that page's onboarding steps (/coms, /network, /vrit) and on its service sheet, only when set;
 * leave a service out until the company can stand behind the figure.
 */
import { z } from 'zod';
import type { ContentFile } from './load-content.ts';
import { text } from './schema-parts.ts';
import { vesselLinks } from './site.ts';

export type VesselService = (typeof vesselLinks)[number]['href'];
const vesselServices = vesselLinks.map((service) => service.href) as [VesselService, ...VesselService[]];

const time = z.strictObject({
  /** From the signed order to the service running on the first vessel or rig. */
  firstVessel: text(),
  /** Each further vessel or rig of the same fleet, where that differs. */
  furtherVessels: text().optional(),
});

// A service that is no vessel page is named, and its entry left out of what is read further.
const times = z.preprocess((value, context) => {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return value ?? {};
  const known = Object.entries(value).filter(([service]) => {
    const page = (vesselServices as string[]).includes(service);
    if (!page) context.addIssue({ code: 'custom', path: [service], input: value, continue: true, message: `names ${service}, which is no vessel service page: use ${vesselServices.join(', ')}` });
    return page;
  });
  return Object.fromEntries(known);
}, z.partialRecord(z.enum(vesselServices), time));

export type OnboardingTime = z.output<typeof time>;
export type OnboardingTimes = z.output<typeof times>;

export const onboardingFile: ContentFile<OnboardingTimes> = {
  file: 'onboarding.yaml',
  schema: () => times,
  nouns: Object.fromEntries(vesselServices.map((service) => [service, `time for ${service}`])),
};
