import { PHASE_DEVELOPMENT_SERVER } from 'next/constants.js';

/** @type {import('next').NextConfig} */
const nextConfig = {
  output: 'export',
  // URLs are exactly /about, /coms …; Apache and the local router map them to about.html.
  trailingSlash: false,
  // A static export has no image server; images are prepared at build time.
  images: { unoptimized: true },
  poweredByHeader: false,
  turbopack: {
    resolveAlias: {
      // The package's entry re-exports every Google embed (YouTube, Maps, Analytics) from CommonJS,
      // which the bundler cannot shake out; the site uses only the tag manager, so import just it.
      '@next/third-parties/google': './node_modules/@next/third-parties/dist/google/gtm.js',
    },
  },
  reactStrictMode: true,
  // Share images convert the site's font with subset-font, which loads its WebAssembly by path;
  // /web-vitals.js is bundled by esbuild, which runs its own binary, found from its package.
  serverExternalPackages: ['subset-font', 'esbuild'],
};

/**
 * Under `npm run dev` (scripts/serve/dev.mjs) the contact endpoint runs beside the dev server:
 * requests to /mail/ go to it, as they go to PHP on the host. A static export has no rewrites.
 */
export default function config(phase) {
  const mailOrigin = process.env.NPTS_MAIL_ORIGIN;
  if (phase !== PHASE_DEVELOPMENT_SERVER || !mailOrigin) return nextConfig;
  return { ...nextConfig, output: undefined, rewrites: async () => [{ source: '/mail/:path*', destination: `${mailOrigin}/mail/:path*` }] };
}
