import type { vesselLinks } from '@/lib/site';

/**
 * EDITOR: how long it takes to bring a vessel onto each vessel and rig service, as the company
 * states it to clients from its own past projects. It shows under that page's onboarding steps
 * (/coms, /network, /vrit) only when set; leave a service out until the company can stand behind
 * the figure. Write it as a buyer would plan with it: 'four to six weeks', not 'fast'.
 */
export type OnboardingTime = {
  /** From the signed order to the service running on the first vessel or rig. */
  firstVessel: string;
  /** Each further vessel or rig of the same fleet, where that differs. */
  furtherVessels?: string;
};

export type VesselService = (typeof vesselLinks)[number]['href'];

export const onboardingTimes: Partial<Record<VesselService, OnboardingTime>> = {};
