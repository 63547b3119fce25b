// Draws the share images (public/og/<name>.png, 1200×630) and the square logo (public/logo.png)
// in Chromium. Run it after changing a card below, an illustration or the logo, and commit the
// PNGs: the build only copies them and never needs a browser.
//   node scripts/make-og-images.mjs        (uses /usr/bin/chromium when present)
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { chromium } from '@playwright/test';

const root = resolve(import.meta.dirname, '..');
const publicDir = resolve(root, 'public');
const WIDTH = 1200;
const HEIGHT = 630;

/**
 * One card per route, named as lib/metadata.ts's ogImageName names them, plus `default` for the
 * root layout and the not-found page. `art` is an illustration in public/illustrations/.
 */
const cards = {
  home: {
    eyebrow: 'Professional IT Solutions',
    title: 'Remote-first IT for sea and shore',
    tagline: 'Connectivity, onboard IT, custom software and AI for shipping, offshore and business customers.',
  },
  about: {
    eyebrow: 'About us',
    title: 'Remote-first, close to every client',
    tagline: 'Registered in Bulgaria, with over 50 years of combined experience, serving Europe and South East Asia.',
  },
  services: {
    eyebrow: 'Services',
    title: 'Maritime IT, software and AI',
    tagline: 'Communication, onboard networks, IT management, software, REST APIs, AI automation and consulting.',
  },
  coms: {
    eyebrow: 'Vessel / Rig IT',
    title: 'Communication at sea and offshore',
    tagline: 'VSAT satellite and 4/5G links, including near-shore 4/5G data.',
    art: 'coms',
  },
  network: {
    eyebrow: 'Vessel / Rig IT',
    title: 'Onboard networks',
    tagline: 'Secure onboard networks, with VPN links between vessels or rigs and the office.',
    art: 'network',
  },
  vrit: {
    eyebrow: 'Vessel / Rig IT',
    title: 'IT management for vessels and rigs',
    tagline: '24/7 remote support, maintenance and continuous backups of vessel servers.',
    art: 'vrit',
  },
  software: {
    eyebrow: 'Services',
    title: 'Custom software development',
    tagline: 'Web, desktop and mobile, in four steps: discovery, design, development, delivery.',
    art: 'software',
  },
  rest: {
    eyebrow: 'Services',
    title: 'From legacy database to REST API',
    tagline: 'A secure, documented REST API in front of the system you already run.',
    art: 'rest',
  },
  proto: {
    eyebrow: 'Services',
    title: 'Rapid REST API prototyping',
    tagline: 'CRUD endpoints, Swagger documentation and security from the first version.',
    art: 'proto',
  },
  ai: {
    eyebrow: 'Services',
    title: 'AI automation',
    tagline: 'A local AI document hub and AI agents for customer support and workflows.',
    art: 'ai',
  },
  consulting: {
    eyebrow: 'Services',
    title: 'IT consulting',
    tagline: 'Support, preventive maintenance, architecture, security and change management.',
    art: 'consulting',
  },
  contact: {
    eyebrow: 'Contact',
    title: 'Talk to our team',
    tagline: 'Tell us about your vessel, rig or project. We answer every message.',
  },
  privacy: {
    eyebrow: 'Privacy',
    title: 'Privacy notice',
    tagline: 'Analytics only with your consent, and what happens to the details you send us.',
  },
  default: {
    eyebrow: 'Professional IT Solutions',
    title: 'NPTS',
    tagline: 'Satellite and 4/5G links, onboard networks, 24/7 vessel and rig IT, custom software, REST APIs and AI automation.',
  },
};

// Every route in lib/site.ts must have its card, or a page would point at a missing image.
const siteSource = readFileSync(resolve(root, 'lib/site.ts'), 'utf8');
const routeList = siteSource.match(/export const routes = \[([\s\S]*?)\]/)?.[1] ?? '';
const routes = [...routeList.matchAll(/'([^']+)'/g)].map((match) => match[1]);
const missing = routes.map((path) => (path === '/' ? 'home' : path.slice(1))).filter((name) => !(name in cards));
if (routes.length === 0 || missing.length > 0) {
  console.error(`make-og-images: no card for ${missing.join(', ') || 'any route (routes not found in lib/site.ts)'}`);
  process.exit(1);
}

const read = (path) => readFileSync(resolve(publicDir, path), 'utf8');
const escapeHtml = (text) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const font = readFileSync(resolve(root, 'node_modules/@fontsource-variable/inter/files/inter-latin-wght-normal.woff2')).toString('base64');
const logo = read('logo.svg');

const baseStyle = `
  @font-face { font-family: Inter; src: url(data:font/woff2;base64,${font}) format('woff2'); font-weight: 100 900; }
  * { box-sizing: border-box; margin: 0; }
  html, body { width: ${WIDTH}px; height: ${HEIGHT}px; overflow: hidden; }
  body { font-family: Inter, sans-serif; color: #fff; }
`;

function cardHtml({ eyebrow, title, tagline, art }) {
  const picture = art ? read(`illustrations/${art}.svg`) : logo;
  return `<!doctype html><html><head><meta charset="utf-8"><style>${baseStyle}
    body {
      display: grid; grid-template-columns: 1fr 470px; grid-template-rows: 1fr auto; column-gap: 40px;
      padding: 56px 64px 0;
      background:
        radial-gradient(ellipse at 90% 0%, rgb(14 127 135 / 0.55), transparent 60%),
        linear-gradient(160deg, #0b2140, #12305a);
    }
    .brand { display: flex; align-items: center; gap: 16px; font-size: 34px; font-weight: 800; letter-spacing: 0.06em; }
    .brand svg { width: 56px; height: 56px; }
    .text { display: flex; flex-direction: column; justify-content: center; gap: 22px; padding-bottom: 24px; }
    .eyebrow { color: #f5b83d; font-size: 24px; font-weight: 700; letter-spacing: 0.1em; text-transform: uppercase; }
    h1 { font-size: ${title.length > 28 ? 58 : 68}px; line-height: 1.08; letter-spacing: -0.015em; }
    p { color: #dbe5f1; font-size: 27px; line-height: 1.4; }
    .art { align-self: center; display: flex; justify-content: center; }
    .art svg { width: ${art ? 470 : 300}px; height: auto; }
    footer {
      grid-column: 1 / -1; display: flex; justify-content: space-between; align-items: center;
      margin: 0 -64px; padding: 20px 64px; background: #07162b; color: #d3dcea; font-size: 22px; font-weight: 600;
      border-top: 4px solid #f5b83d;
    }
  </style></head><body>
    <div class="text">
      <div class="brand">${logo}<span>NPTS</span></div>
      <div class="eyebrow">${escapeHtml(eyebrow)}</div>
      <h1>${escapeHtml(title)}</h1>
      <p>${escapeHtml(tagline)}</p>
    </div>
    <div class="art">${picture}</div>
    <footer><span>Remote-first IT · 24/7 support</span><span>Europe · South East Asia</span></footer>
  </body></html>`;
}

const logoHtml = `<!doctype html><html><head><style>${baseStyle}
  html, body { width: 512px; height: 512px; }
  body { display: grid; place-items: center; background: #fff; }
  svg { width: 448px; height: 448px; }
</style></head><body>${logo}</body></html>`;

const systemChromium = '/usr/bin/chromium';
const browser = await chromium.launch({
  executablePath: existsSync(systemChromium) ? systemChromium : undefined,
  args: ['--disable-background-networking', '--disable-component-update', '--no-first-run'],
});
try {
  const page = await browser.newPage({ viewport: { width: WIDTH, height: HEIGHT }, deviceScaleFactor: 1 });
  // Nothing on a card comes from the network.
  await page.route('**/*', (route) => route.abort());
  mkdirSync(resolve(publicDir, 'og'), { recursive: true });
  for (const [name, card] of Object.entries(cards)) {
    await page.setContent(cardHtml(card));
    await page.evaluate(() => document.fonts.ready);
    await page.screenshot({ path: resolve(publicDir, 'og', `${name}.png`), type: 'png' });
    console.log(`public/og/${name}.png`);
  }
  await page.setViewportSize({ width: 512, height: 512 });
  await page.setContent(logoHtml);
  await page.screenshot({ path: resolve(publicDir, 'logo.png'), type: 'png' });
  console.log('public/logo.png');
} finally {
  await browser.close();
}
