import type { ServicePath } from '@/lib/results';

/**
 * The file name of each service page's sheet, the PDF a buyer keeps (app/sheets/[file]/route.ts):
 * the company and the service, as it reads in a folder of downloads. A new service page needs one.
 */
export const sheetFiles: Record<ServicePath, string> = {
  '/coms': 'npts-vessel-communication.pdf',
  '/network': 'npts-onboard-networks.pdf',
  '/vrit': 'npts-vessel-it-management.pdf',
  '/software': 'npts-software-development.pdf',
  '/rest': 'npts-legacy-to-rest-api.pdf',
  '/proto': 'npts-rest-api-prototyping.pdf',
  '/ai': 'npts-ai-automation.pdf',
  '/consulting': 'npts-it-consulting.pdf',
};

/** Where a service's sheet is served: /sheets/npts-vessel-it-management.pdf. */
export const sheetHref = (service: ServicePath) => `/sheets/${sheetFiles[service]}`;
