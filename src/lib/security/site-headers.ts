/**
 * The security headers netlify.toml's "/*" block gives every file Netlify serves. Netlify applies
 * no header rule to a function's response, so every function (the rebuild functions, the preview
 * site's page function) sends these itself; tests keep them equal to netlify.toml's block.
 */
export const SITE_SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'Strict-Transport-Security': 'max-age=31536000; includeSubDomains',
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'Permissions-Policy':
    'camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()',
  'Cross-Origin-Opener-Policy': 'same-origin',
};
