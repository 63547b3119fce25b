// The Web Worker that solves the contact endpoint's challenge, off the page's main thread:
// altcha-lib's own worker, served from this site (the CSP's worker-src 'self').
import 'altcha-lib/v1/worker';
