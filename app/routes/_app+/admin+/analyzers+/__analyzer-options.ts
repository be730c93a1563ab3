/** Choices the analyzer pages show and their forms check (shared by page and server). */
export const SNYK_CVSS_SOURCES = ['NVD', 'SNYK'] as const
