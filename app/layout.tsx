import type { Metadata, Viewport } from 'next';
import localFont from 'next/font/local';
import { Analytics } from '@/components/analytics';
import { ConsentBanner } from '@/components/consent-banner';
import { SiteHeader } from '@/components/site-header';
import { ShareStrip } from '@/components/share-strip';
import { SiteFooter } from '@/components/site-footer';
import { CONSENT_DEFAULT_SCRIPT } from '@/lib/analytics';
import { organizationJsonLd, serializeJsonLd } from '@/lib/json-ld';
import { sharedOpenGraph } from '@/lib/metadata';
import { site } from '@/lib/site';
import './globals.css';

// Inter, self-hosted: a subset of @fontsource-variable/inter cut by scripts/build/subset-font.mjs.
// Text shows at once in a fallback sized to match it ('Inter Fallback' in globals.css, which finds
// more local fonts than next/font's own Arial-only one), and Inter is used only when it is there in
// time (optional), so text never moves.
const inter = localFont({
  src: './fonts/inter-subset.woff2',
  variable: '--font-inter',
  display: 'optional',
  weight: '400 800',
  adjustFontFallback: false,
  fallback: ['Inter Fallback'],
});

if (!site.gtmId) {
  console.info('Analytics: no tag manager container id (NEXT_PUBLIC_GTM_ID); page views go to window.dataLayer only.');
}

export const metadata: Metadata = {
  metadataBase: new URL(site.url),
  title: site.title,
  description: site.description,
  applicationName: site.name,
  icons: { icon: '/logo.svg', apple: site.logo.url },
  openGraph: { ...sharedOpenGraph, title: site.title, description: site.description, url: '/' },
  twitter: { card: 'summary_large_image', title: site.title, description: site.description },
};

export const viewport: Viewport = {
  themeColor: '#0b2140',
};

export default function RootLayout({ children }: Readonly<{ children: React.ReactNode }>) {
  return (
    <html lang="en" className={inter.variable}>
      <head>
        {/* Consent Mode v2: every signal denied before any tag can run. */}
        <script id="consent-default" dangerouslySetInnerHTML={{ __html: CONSENT_DEFAULT_SCRIPT }} />
        {/* No frame before the whole header is in: its links sit at the right, so one drawn while
            the parser is half-way through them would move them when the rest arrived. */}
        <link rel="expect" href="#main" blocking="render" />
      </head>
      <body>
        <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: serializeJsonLd(organizationJsonLd()) }} />
        <a className="skip-link" href="#main">
          Skip to content
        </a>
        <SiteHeader />
        <main id="main" tabIndex={-1}>
          {children}
        </main>
        <ShareStrip />
        <ConsentBanner />
        <SiteFooter />
        <Analytics gtmId={site.gtmId} />
      </body>
    </html>
  );
}
