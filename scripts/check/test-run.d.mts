// Types of what playwright.config.ts uses from test-run.mjs.
export function ownRun(): string;
