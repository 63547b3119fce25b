import nextJest from 'next/jest.js';

const createJestConfig = nextJest({ dir: './' });

const shared = {
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
  const unit = await createJestConfig({ ...shared, displayName: 'unit', testEnvironment: 'jsdom', testPathIgnorePatterns: [...shared.testPathIgnorePatterns, '<rootDir>/__tests__/mail/'] })();
  const mail = await createJestConfig({ ...shared, displayName: 'mail', testEnvironment: 'node', testMatch: ['<rootDir>/__tests__/mail/**/*.test.ts'] })();
  return { projects: [unit, mail] };
}
