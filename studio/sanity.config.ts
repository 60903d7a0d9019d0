/**
 * The Studio. Project and dataset come from SANITY_STUDIO_PROJECT_ID and SANITY_STUDIO_DATASET
 * (the same project and dataset the site reads as SANITY_PROJECT_ID / SANITY_DATASET); the editors'
 * preview site Presentation frames from SANITY_STUDIO_PREVIEW_URL; the public site, which says
 * whether a published change is live and lists its deploys, from SANITY_STUDIO_PUBLIC_SITE_URL.
 */
import { defineConfig } from 'sanity';
import { presentationTool } from 'sanity/presentation';
import { structureTool } from 'sanity/structure';
import { schemaTypes, SCHOOL_DOCUMENT_TYPES, SINGLETON_TYPES } from './schemaTypes/index.ts';
import { structure } from './structure.ts';
import { NewSchoolAction } from './actions/NewSchoolAction.tsx';
import { studioProject } from '../src/lib/config/studio-project.ts';
import { presentationOptions, previewOrigin } from './presentation.ts';
import { publicSiteOrigin } from './deploys/public-site.ts';
import { deploysTool, publishStatusBadge } from './deploys/studio.tsx';
import { InheritanceField, InheritanceItem } from './inheritance/studio.tsx';
import { schoolTemplateId } from './inheritance/presentation-school.ts';
import { variantField } from '../src/lib/content/inheritance/index.ts';

const singletonActions = new Set(['publish', 'discardChanges', 'restore']);
// Spelled out: the Studio bundle replaces each process.env.SANITY_STUDIO_* at build time.
const publicSite = publicSiteOrigin(process.env.SANITY_STUDIO_PUBLIC_SITE_URL);
const PublishStatusBadge = publishStatusBadge(publicSite);
const documentTypes = new Set(
  schemaTypes.filter((type) => type.type === 'document').map((type) => type.name),
);

export default defineConfig({
  name: 'default',
  title: 'School Mobile content',
  // Spelled out: the Studio bundle replaces each process.env.SANITY_STUDIO_* at build time.
  ...studioProject({
    SANITY_STUDIO_PROJECT_ID: process.env.SANITY_STUDIO_PROJECT_ID,
    SANITY_STUDIO_DATASET: process.env.SANITY_STUDIO_DATASET,
  }),
  plugins: [
    structureTool({ structure }),
    // Each page of the editors' preview site beside its documents (SANITY_STUDIO_PREVIEW_URL, default the local preview server).
    presentationTool(presentationOptions(previewOrigin(process.env.SANITY_STUDIO_PREVIEW_URL))),
  ],
  // The public site's recent deploys: what each carried, which schools it built or left out and why.
  tools: (tools) => [...tools, deploysTool(publicSite)],
  schema: {
    types: schemaTypes,
    templates: (templates) => [
      // Site settings exist once: never offered as a new document.
      ...templates.filter((template) => !SINGLETON_TYPES.includes(template.schemaType)),
      // A school's document created from its folder points at the school; made from a product
      // document's field in Presentation, it also names the product document's variant.
      ...SCHOOL_DOCUMENT_TYPES.map((type) => ({
        id: schoolTemplateId(type.name),
        title: `${type.title} for this school`,
        schemaType: type.name,
        parameters: [
          { name: 'schoolId', type: 'string' },
          { name: 'variant', type: 'string' },
        ],
        value: ({ schoolId, variant }: { schoolId: string; variant?: string | number }) => {
          const field = variantField(type.name);
          return {
            school: { _type: 'reference', _ref: schoolId },
            ...(field && variant !== undefined ? { [field]: variant } : {}),
          };
        },
      })),
    ],
  },
  // Each field of a per-school type says what a school inherits or overrides, and on a product
  // document which schools override it; a school's list items are named as its page shows them
  // (studio/inheritance/).
  form: { components: { field: InheritanceField, item: InheritanceItem } },
  document: {
    // No delete or duplicate for site settings; a school can be the template of a new one.
    actions: (actions, { schemaType }) => {
      if (SINGLETON_TYPES.includes(schemaType))
        return actions.filter(({ action }) => action && singletonActions.has(action));
      return schemaType === 'school' ? [...actions, NewSchoolAction] : actions;
    },
    // Whether the published version is live on the public site yet, or why not.
    badges: (badges, { schemaType }) =>
      documentTypes.has(schemaType) ? [...badges, PublishStatusBadge] : badges,
  },
});
