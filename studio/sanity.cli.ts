import { defineCliConfig } from 'sanity/cli';
import { studioProject } from '../src/lib/config/studio-project.ts';

export default defineCliConfig({
  api: studioProject(process.env),
  // The site's GROQ queries (defineQuery) are typed from this Studio's schema:
  // `npm run typegen` writes schema.json and src/lib/content/sanity.types.ts.
  schemaExtraction: { path: './schema.json', enforceRequiredFields: true },
  typegen: {
    path: '../src/lib/content/**/*.ts',
    schema: './schema.json',
    generates: '../src/lib/content/sanity.types.ts',
    overloadClientMethods: false,
  },
  deployment: { autoUpdates: false },
});
