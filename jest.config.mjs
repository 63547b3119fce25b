import nextJest from 'next/jest.js';

const createJestConfig = nextJest({ dir: './' });

const shared = {
  // Not under TMPDIR, which each test run points into a folder of its own (scripts/check/test-run.mjs):
  // the transformed files stay cached from one run to the next.
  cacheDirectory: '<rootDir>/node_modules/.cache/jest',
  setupFilesAfterEnv: ['<rootDir>/jest.setup.ts'],
  moduleNameMapper: { '^@/(.*)$': '<rootDir>/$1' },
  testPathIgnorePatterns: ['<rootDir>/node_modules/', '<rootDir>/__tests__/e2e/', '<rootDir>/__tests__/fixtures/', '<rootDir>/__tests__/helpers/', '<rootDir>/out/', '<rootDir>/.bench/'],
};

// Two projects: `unit` (components, pages, content; part of `npm run check`, seconds) and `mail`
// (the PHP endpoint run for real: servers, disks, SMTP; a minute). `npm run test:mail` runs the
// mail files in three workers even on two cores, as they mostly wait for the PHP servers they
// start: each file has its own, on a port the system chooses, in folders of its own. Run them with
// `npm run test:unit` and `npm run test:mail`: next/og, which the share image tests draw with,
// loads its renderer by dynamic import, which jest allows only with --experimental-vm-modules.
export default async function config() {
  // Run on its own, jest owns what its tests start: swept away if it is killed (test-run.mjs).
  const owned = { globalSetup: '<rootDir>/scripts/check/test-run.mjs' };
  const unit = await createJestConfig({ ...shared, ...owned, displayName: 'unit', testEnvironment: 'jsdom', testPathIgnorePatterns: [...shared.testPathIgnorePatterns, '<rootDir>/__tests__/mail/'] })();
  const mail = await createJestConfig({ ...shared, ...owned, displayName: 'mail', testEnvironment: 'node', testMatch: ['<rootDir>/__tests__/mail/**/*.test.ts'] })();
  return { projects: [unit, mail] };
}
