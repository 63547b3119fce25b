// Cuts the site's font, app/fonts/inter-subset.woff2, from Inter in @fontsource-variable/inter:
// the characters an English page can use (Basic Latin, Latin-1 with accented letters, typographic
// punctuation, € and arrows), the weights the styles use (400–800, still variable) and the default
// OpenType features. About half the size of the package's latin file, and it is the one font file
// every page preloads. A character outside the subset is drawn in the fallback font.
// Run after upgrading the font package or using a new weight, and commit the file:
//   node scripts/build/subset-font.mjs
import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import subsetFont from 'subset-font';

const root = resolve(import.meta.dirname, '../..');
// The package exports its font files (`./files/*`).
const source = new URL(import.meta.resolve('@fontsource-variable/inter/files/inter-latin-wght-normal.woff2'));
const target = resolve(root, 'app/fonts/inter-subset.woff2');

const RANGES = [
  [0x20, 0x7e], // Basic Latin
  [0xa0, 0xff], // Latin-1: accented letters, © ® ° £ · « »
  [0x2013, 0x2014], // – —
  [0x2018, 0x201e], // ‘ ’ ‚ “ ” „
  [0x2022, 0x2022], // •
  [0x2026, 0x2026], // …
  [0x20ac, 0x20ac], // €
  [0x2122, 0x2122], // ™
  [0x2190, 0x2193], // ← ↑ → ↓
];
// Kerning, ligatures, contextual forms and mark positioning: what browsers apply by default.
const FEATURES = ['kern', 'liga', 'calt', 'ccmp', 'locl', 'mark', 'mkmk'];

const text = RANGES.flatMap(([first, last]) => Array.from({ length: last - first + 1 }, (_, i) => String.fromCodePoint(first + i))).join('');
const input = readFileSync(source);
const output = await subsetFont(input, text, {
  targetFormat: 'woff2',
  variationAxes: { wght: { min: 400, max: 800 } },
  keepFeatures: FEATURES,
  noLayoutClosure: true,
});
writeFileSync(target, output);
console.log(`subset-font: ${target} (${(output.length / 1024).toFixed(1)} KiB, from ${(input.length / 1024).toFixed(1)} KiB)`);
