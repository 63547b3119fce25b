import { content } from '@/lib/content';
import type { VesselService } from '@/lib/onboarding';
import styles from './onboarding-time.module.css';

/** How long a service's onboarding takes, as a sentence, when the company has stated it (content/onboarding.yaml); the service sheet says it too. */
export function onboardingText(service: VesselService): string | null {
  const time = content.onboardingTimes[service];
  if (!time) return null;
  return `From the signed order to the first vessel or rig in service: ${time.firstVessel}${time.furtherVessels ? `; each further one: ${time.furtherVessels}` : ''}.`;
}

/** Under a service's onboarding steps: how long they take, when the company has stated it. */
export function OnboardingTime({ service }: { service: VesselService }) {
  const text = onboardingText(service);
  return text && <p className={styles.time}>{text}</p>;
}
