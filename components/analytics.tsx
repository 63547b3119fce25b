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
    recordPageView(pathname, window.location.search);
    const send = () => sendGTMEvent(pageView(document.title, pathname, window.location.href));
    if (document.title) {
      send();
      return;
    }
    // After a client-side navigation the new page can show a moment before its title: Next.js
    // renders metadata in a Suspense boundary of its own, and the old title has gone with the
    // old page. The page view waits for the title React puts into <head>.
    const title = new MutationObserver(() => {
      if (!document.title) return;
      title.disconnect();
      send();
    });
    title.observe(document.head, { childList: true, subtree: true, characterData: true });
    return () => title.disconnect();
  }, [pathname]);

  return gtmId && choice === 'granted' ? <GoogleTagManager gtmId={gtmId} /> : null;
}
