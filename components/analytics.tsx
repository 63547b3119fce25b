'use client';

import { GoogleTagManager, sendGTMEvent } from '@next/third-parties/google';
import { usePathname } from 'next/navigation';
import { useEffect } from 'react';
import { useConsent } from '@/components/consent-banner';
import { pageView } from '@/lib/analytics';
import { recordPageView } from '@/lib/attribution';

/**
 * Reports one page view per route (the first load and every client-side navigation, back and
 * forward included), keeps the visit's path for the contact form's attribution, and loads the
 * tag manager once the visitor has accepted analytics.
 */
export function Analytics({ gtmId }: { gtmId: string }) {
  const pathname = usePathname();
  const { choice } = useConsent();

  useEffect(() => {
    // The new page's title is in the document by the time effects of its commit run.
    sendGTMEvent(pageView(document.title, pathname, window.location.href));
    recordPageView(pathname, window.location.search);
  }, [pathname]);

  return gtmId && choice === 'granted' ? <GoogleTagManager gtmId={gtmId} /> : null;
}
