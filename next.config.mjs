/** @type {import('next').NextConfig} */
const nextConfig = {
  output: 'export',
  // URLs are exactly /about, /coms …; Apache and the local router map them to about.html.
  trailingSlash: false,
  // A static export has no image server; images are prepared at build time.
  images: { unoptimized: true },
  poweredByHeader: false,
  reactStrictMode: true,
};

export default nextConfig;
