import { Results } from '@/components/results';
import { ServiceLevelsSection } from '@/components/service-levels';
import type { ServicePath } from '@/lib/results';

/**
 * The proof a service page gives right after what the service includes, before how it starts and
 * what it needs: buyers look for how well once they know what, and few read on to the end of a
 * long page. The results of the cases that used the service and, where `levels` is set, the
 * service levels the support desk works to. Each shows only when its source has entries, in the
 * page's rhythm of bands (tone `auto`).
 */
export function ServiceProof({ service, levels = false }: { service: ServicePath; levels?: boolean }) {
  return (
    <>
      <Results service={service} />
      {levels && <ServiceLevelsSection />}
    </>
  );
}
