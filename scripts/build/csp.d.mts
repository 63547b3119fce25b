// Types of what the tests use from csp.mjs.
export function inlineScripts(html: string): string[];
export function inlineStyles(html: string): string[];
export function allows(policy: string, directive: 'script-src' | 'style-src', source: string): boolean;
export function pagePolicies(htmlFiles: string[]): { gtmId: string | null; policies: Map<string, string> };
export function policyMeta(policy: string): string;
