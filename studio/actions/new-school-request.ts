/**
 * The Studio's "New school": the form's answers in, one transaction out. The documents come from
 * the shared module (src/lib/new-school), the same one `npm run school:new` uses.
 */
import {
  newSchoolErrors,
  newSchoolFromTemplate,
  type ContentDocument,
  type ImageAsset,
  type NewSchoolFields,
  type SchoolSet,
} from '../../src/lib/new-school/from-template.ts';

/** What the editor types; blank optional fields mean "keep the template's for now". */
export interface NewSchoolForm {
  templateId: string;
  key: string;
  seoSlug: string;
  baseName: string;
  schoolName: string;
  schoolShort: string;
  mascotNation: string;
  mascot: string;
  mascotPlural: string;
  city: string;
  state: string;
  primaryName: string;
  primaryHex: string;
  secondaryName: string;
  secondaryHex: string;
}

export const EMPTY_FORM: Omit<NewSchoolForm, 'templateId'> = {
  key: '',
  seoSlug: '',
  baseName: '',
  schoolName: '',
  schoolShort: '',
  mascotNation: '',
  mascot: '',
  mascotPlural: '',
  city: '',
  state: '',
  primaryName: '',
  primaryHex: '',
  secondaryName: '',
  secondaryHex: '',
};

const given = (value: string) => (value.trim() ? value.trim() : undefined);

export function fieldsFromForm(form: NewSchoolForm): NewSchoolFields {
  const colour = (name: string, hex: string) =>
    given(hex)
      ? { name: given(name) ?? `${form.baseName.trim()} colour`, hex: hex.trim() }
      : undefined;
  return {
    key: form.key.trim(),
    seoSlug: form.seoSlug.trim(),
    baseName: form.baseName.trim(),
    schoolName: given(form.schoolName),
    schoolShort: given(form.schoolShort),
    mascotNation: given(form.mascotNation),
    mascot: given(form.mascot),
    mascotPlural: given(form.mascotPlural),
    city: given(form.city),
    state: given(form.state),
    primaryColor: colour(form.primaryName, form.primaryHex),
    secondaryColor: colour(form.secondaryName, form.secondaryHex),
  };
}

/** The template school's published documents and every school's names (to refuse a taken key or address). */
export const TEMPLATE_QUERY = `{
  "school": *[_type == "school" && _id == $templateId][0],
  "documents": *[school._ref == $templateId],
  "schools": *[_type == "school"]{_id, key, seoSlug, legacyAliases}
}`;

interface TemplateAnswer {
  school: ContentDocument | null;
  documents: ContentDocument[];
  schools: Record<string, unknown>[];
}

/** The part of Sanity's client this needs (the published perspective: drafts are not copied). */
export interface SchoolClient {
  fetch<T>(query: string, params: Record<string, unknown>): Promise<T>;
  transaction(): {
    create(doc: ContentDocument): unknown;
    commit(options?: { visibility?: 'sync' | 'async' }): Promise<unknown>;
  };
}

export class NewSchoolRefused extends Error {
  constructor(readonly problems: string[]) {
    super(problems.join('; '));
  }
}

/**
 * Reads the template, refuses taken or malformed names, and creates every document in one
 * transaction. `uploadLogo` runs only once the names are accepted, so a refusal uploads nothing.
 */
export async function createSchoolFromTemplate(
  client: SchoolClient,
  templateId: string,
  fields: NewSchoolFields,
  uploadLogo?: () => Promise<ImageAsset>,
): Promise<SchoolSet> {
  const answer = await client.fetch<TemplateAnswer>(TEMPLATE_QUERY, {
    templateId: templateId.replace(/^drafts\./, ''),
  });
  if (!answer.school)
    throw new NewSchoolRefused(['the template school is not published: publish it first']);
  const problems = newSchoolErrors(fields, answer.schools);
  if (problems.length) throw new NewSchoolRefused(problems);
  const logo = uploadLogo ? await uploadLogo() : undefined;
  const made = newSchoolFromTemplate(
    { school: answer.school, documents: answer.documents },
    logo ? { ...fields, logo } : fields,
  );
  const transaction = client.transaction();
  for (const doc of [made.school, ...made.documents]) transaction.create(doc);
  // All or nothing: a half-made school would fail the build's checks.
  await transaction.commit({ visibility: 'sync' });
  return made;
}
