// ESLint for src/, scripts/, tests/ and studio/ (CONTRIBUTING.md, "Style: format and lint").
// Type-aware TypeScript rules, Astro's and React's rules, and the accessibility rules of JSX;
// layout is Prettier's (eslint-config-prettier turns off every rule that would disagree with it).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import astro from 'eslint-plugin-astro';
import react from '@eslint-react/eslint-plugin';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y-x';
import prettier from 'eslint-config-prettier';
import globals from 'globals';

// A relative module specifier that does not end in a file extension (`./x`, `../lib`, `./x.client`).
const RELATIVE_WITHOUT_EXTENSION =
  '/^\\.{1,2}(\\/(?!.*\\.(ts|tsx|astro|js|mjs|cjs|json|css|svg|png|webp|ndjson)$).*)?$/';

export default tseslint.config(
  {
    ignores: [
      'dist/',
      '.astro/',
      '.netlify/',
      '.tools/',
      'data/',
      'reports/',
      'test-results/',
      'playwright-report/',
      '.preview/',
      '.scratch/',
      '**/node_modules/',
      'studio/dist/',
      'studio/.sanity/',
      'src/lib/content/sanity.types.ts',
      '**/fixtures/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      globals: { ...globals.node, ...globals.browser },
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
  },
  {
    rules: {
      // Leaving out keys by destructuring (`const { _rev, ...fields } = doc`) is how the code omits fields.
      '@typescript-eslint/no-unused-vars': ['error', { ignoreRestSiblings: true }],
      // One import style: a relative import names its file with the extension (`./x.ts`), as Node reads it.
      'no-restricted-syntax': [
        'error',
        ...[
          'ImportDeclaration',
          'ExportNamedDeclaration',
          'ExportAllDeclaration',
          'ImportExpression',
        ].map((node) => ({
          selector: `${node} > Literal.source[value=${RELATIVE_WITHOUT_EXTENSION}]`,
          message:
            'Name the imported file with its extension (./x.ts), as in the rest of the tree.',
        })),
      ],
    },
  },
  ...astro.configs.recommended,
  {
    // astro-eslint-parser has no projectService: it reads each file's nearest tsconfig instead.
    files: ['**/*.astro'],
    languageOptions: { parserOptions: { projectService: false, project: true } },
  },
  {
    // Playwright reads a test's fixtures from its first parameter's destructuring: a hook needing none writes `{}`.
    files: ['tests/e2e/**'],
    rules: { 'no-empty-pattern': ['error', { allowObjectPatternsAsParameters: true }] },
  },
  {
    // Lighthouse's bench installs its own packages only when it runs, so no types reach its imports.
    files: ['scripts/bench/lighthouse/**'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    files: ['**/*.tsx'],
    ...react.configs['recommended-type-checked'],
  },
  { files: ['**/*.tsx'], ...reactHooks.configs.flat.recommended },
  { files: ['**/*.tsx'], ...jsxA11y.configs.recommended },
  prettier,
);
