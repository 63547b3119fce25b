// The build-time settings an export depends on. postbuild records them; `npm start` rebuilds
// when they differ (e.g. after the e2e suite built with a test tag manager id).
import { existsSync, readFileSync, writeFileSync } from 'node:fs';

const file = '.next/build-env.json';

export function currentBuildEnv() {
  return {
    NEXT_PUBLIC_SITE_URL: process.env.NEXT_PUBLIC_SITE_URL ?? '',
    NEXT_PUBLIC_GTM_ID: process.env.NEXT_PUBLIC_GTM_ID ?? '',
    NPTS_REFERENCES_FIXTURE: process.env.NPTS_REFERENCES_FIXTURE ?? '',
  };
}

export function recordBuildEnv() {
  writeFileSync(file, JSON.stringify(currentBuildEnv()));
}

export function builtWithCurrentEnv() {
  return existsSync(file) && readFileSync(file, 'utf8') === JSON.stringify(currentBuildEnv());
}
