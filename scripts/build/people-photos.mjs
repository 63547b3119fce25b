// The people's photos as small files, made before the pages are built: each photo of
// content/people.yaml (the tests' list, __tests__/fixtures/content/, in a build for the browser
// tests, NPTS_REFERENCES_FIXTURE) cropped square around what draws the eye, at twice the largest
// size a page shows it (80 CSS px on About), as WebP in public/people/, named as the photo is:
// app/people/photos/jane-doe.jpg → /people/jane-doe.webp (components/person-badge.tsx links it so).
// A file of its own, cached once for every page that shows it, instead of a data: URL that
// travels twice in each page's HTML (in its markup and in its React data). Generated, not
// committed (.gitignore). The list is read through its schema, as the build reads it, which also
// refuses two photos of the same file name.
//   node scripts/build/people-photos.mjs [--out DIR]
import { mkdirSync, rmSync } from 'node:fs';
import { basename, extname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import sharp from 'sharp';
import { readContent } from '../../lib/load-content.ts';

/** Twice the largest size a photo is shown at, for sharp screens. */
export const PHOTO_PIXELS = 160;

/** What the photo at `path` becomes: its file name, as WebP. */
export const photoFile = (path) => `${basename(path, extname(path))}.webp`;

/** Makes every photo of the people the tree at `root` shows in `out`, which holds only them afterwards; returns the files made. */
export async function makePhotos(root, out) {
  const { facts, problems } = readContent(root);
  if (!facts) throw new Error(`the company's facts in content/ have problems:\n${problems.map(({ file, line, message }) => `${file}:${line}: ${message}`).join('\n')}`);
  const photos = facts.people.flatMap((person) => (person.photo ? [person.photo] : []));
  rmSync(out, { recursive: true, force: true });
  if (photos.length === 0) return [];
  mkdirSync(out, { recursive: true });
  for (const photo of photos) {
    await sharp(join(root, photo))
      .rotate()
      .resize(PHOTO_PIXELS, PHOTO_PIXELS, { fit: 'cover', position: sharp.strategy.attention })
      .webp({ quality: 75 })
      .toFile(join(out, photoFile(photo)));
  }
  return photos.map(photoFile);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = fileURLToPath(new URL('../..', import.meta.url));
  const { values } = parseArgs({ options: { out: { type: 'string', default: join(root, 'public', 'people') } } });
  try {
    const made = await makePhotos(root, resolve(values.out));
    if (made.length > 0) console.log(`people-photos: made small in ${values.out}: ${made.join(', ')}`);
  } catch (error) {
    console.error(`people-photos: ${error.message}`);
    process.exit(1);
  }
}
