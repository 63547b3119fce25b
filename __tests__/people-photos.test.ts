/** @jest-environment node */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import sharp from 'sharp';
import { photoSrc } from '@/components/person-badge';
import { fixture } from './helpers/fixture-content';

// The step reads the list through its schema, as the build does, in a node of its own.
jest.setTimeout(30_000);

const repo = resolve(__dirname, '..');

describe('the people’s photos (scripts/build/people-photos.mjs)', () => {
  it('makes each photo of the list a square WebP at twice the size About shows it, where the badge links it, and nothing else', async () => {
    const out = mkdtempSync(join(tmpdir(), 'npts-photos-'));
    try {
      // A photo of someone no longer on the list, made by an earlier build.
      writeFileSync(join(out, 'gone.webp'), '');
      execFileSync(process.execPath, ['scripts/build/people-photos.mjs', '--out', out], { cwd: repo, env: { ...process.env, NPTS_REFERENCES_FIXTURE: '1' } });
      const photos = fixture.people.filter((person) => person.photo).map((person) => photoSrc(person.photo!));
      expect(readdirSync(out).map((file) => `/people/${file}`)).toEqual(photos);
      const { format, width, height } = await sharp(readFileSync(join(out, photos[0].replace('/people/', '')))).metadata();
      expect({ format, width, height }).toEqual({ format: 'webp', width: 160, height: 160 });
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  });
});
