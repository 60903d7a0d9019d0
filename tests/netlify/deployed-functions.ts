/**
 * Which functions Netlify's build packages for each site, as tests/netlify/netlify-build.test.ts
 * finds them in the build's functions manifest; docs/deploying.md's checks are held to the same
 * lists (tests/unit/docs/references.test.ts). The public site's are src/functions/*.
 */

/** The editors' preview site: the Astro adapter's one server function, answering every path. */
export const PREVIEW_SITE_FUNCTIONS = [
  { name: 'ssr', displayName: 'Astro SSR', generator: '@astrojs/netlify', routes: ['/*'] },
] as const;
