// The people's photos as small files, made before the pages are built: each photo of the people
// list (lib/people.ts; the tests' list in a build for the browser tests) cropped square around
// what draws the eye, at twice the largest size a page shows it (80 CSS px on About), as WebP in
// public/people/, named as the photo is: app/people/photos/jane-doe.jpg → /people/jane-doe.webp
// (components/person-badge.tsx links it so). A file of its own, cached once for every page that
// shows it, instead of a data: URL that travels twice in each page's HTML (in its markup and in
// its React data). Generated, not committed (.gitignore).
//   node scripts/build/people-photos.mjs [--list FILE] [--out DIR]
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import { basename, extname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import sharp from 'sharp';
import { peoplePhotos } from '../check/check-content.mjs';

/** Twice the largest size a photo is shown at, for sharp screens. */
export const PHOTO_PIXELS = 160;

/** What the photo at `path` becomes: its file name, as WebP. */
export const photoFile = (path) => `${basename(path, extname(path))}.webp`;

/** Makes every photo of the list in `file` in `out`, which holds only them afterwards; returns the files made. */
export async function makePhotos(root, file, out) {
  const photos = peoplePhotos(root, file);
  const twins = photos.filter((photo, index) => photos.findIndex((other) => photoFile(other) === photoFile(photo)) !== index);
  if (twins.length > 0) throw new Error(`two photos would both be /people/${photoFile(twins[0])}: give each person's photo a file name of its own (${file})`);
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
  // The list the build shows: the tests' in their build, as next.config.mjs swaps it in.
  const fallback = process.env.NPTS_REFERENCES_FIXTURE ? '__tests__/fixtures/people.ts' : 'lib/people.ts';
  const { values } = parseArgs({ options: { list: { type: 'string', default: fallback }, out: { type: 'string', default: join(root, 'public', 'people') } } });
  if (!existsSync(join(root, values.list))) throw new Error(`${values.list} is not there`);
  const made = await makePhotos(root, values.list, resolve(values.out));
  if (made.length > 0) console.log(`people-photos: made small in ${values.out}: ${made.join(", ")}`);
}
