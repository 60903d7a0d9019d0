// Astro's own modules and import.meta.env for every tool that reads the code without running
// `astro sync` first (ESLint, an editor on a fresh clone); `astro sync` writes the same reference
// into .astro/types.d.ts.
/// <reference types="astro/client" />

declare namespace App {
  interface Locals {
    /** A page rendered on request: what the preview site's middleware worked out for it (src/lib/routing/page-props.ts). */
    schoolPage?: unknown;
  }
}
