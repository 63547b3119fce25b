import { Results } from '@/components/results';
import { ServiceLevelsSection } from '@/components/service-levels';
import type { ServicePath } from '@/lib/results';

/**
 * The proof a service page ends with, before its closing call: the results of the cases that used
 * the service and, where `levels` is set, the service levels the support desk works to. Each shows
 * only when its source has entries, on the background its neighbour above does not have.
 */
export function ServiceProof({ service, levels = false }: { service: ServicePath; levels?: boolean }) {
  return (
    <>
      <Results service={service} />
      {levels && <ServiceLevelsSection />}
    </>
  );
}
