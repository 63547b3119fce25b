import { type VesselService, onboardingTimes } from '@/lib/onboarding';
import styles from './onboarding-time.module.css';

/** Under a service's onboarding steps: how long they take, when the company has stated it (lib/onboarding.ts). */
export function OnboardingTime({ service }: { service: VesselService }) {
  const time = onboardingTimes[service];
  if (!time) return null;
  return (
    <p className={styles.time}>
      From the signed order to the first vessel or rig in service: {time.firstVessel}
      {time.furtherVessels && <>; each further one: {time.furtherVessels}</>}.
    </p>
  );
}
