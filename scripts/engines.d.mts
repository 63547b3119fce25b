import type { Browser, Page } from 'puppeteer-core';
import type { WebDriver } from 'selenium-webdriver';

export function launchFirefox(): Promise<{ browser: Browser; page: Page }>;
export function launchWebKit(): Promise<{ driver: WebDriver; stop: () => Promise<void> }>;
