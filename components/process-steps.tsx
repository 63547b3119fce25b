import { FeatureCard } from '@/components/feature-card';
import { CardGrid } from '@/components/section';
import styles from './process-steps.module.css';

/** The steps of how we work, in order: an ordered list whose numbers are drawn, not typed. */
export function ProcessSteps({ children }: { children: React.ReactNode }) {
  return (
    <CardGrid as="ol" className={styles.steps}>
      {children}
    </CardGrid>
  );
}

export function ProcessStep({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <FeatureCard as="li" title={title} className={styles.step}>
      {children}
    </FeatureCard>
  );
}
