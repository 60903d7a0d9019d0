/**
 * "New school from this one": on a school document, asks for what is the new school's own and
 * creates its school document and a copy of every document of the school picked as template, in
 * one transaction, with status "preparing". The structure lists it at once; the editor lands on its
 * landing page in Presentation, beside the new school document.
 */
import { AddIcon } from '@sanity/icons/Add';
import { Box, Button, Card, Flex, Grid, Select, Stack, Text, TextInput } from '@sanity/ui';
import { useState, type ChangeEvent } from 'react';
import { useClient, type DocumentActionComponent } from 'sanity';
import { useRouter } from 'sanity/router';
import { schoolPresentationIntent } from '../presentation.ts';
import {
  createSchoolFromTemplate,
  EMPTY_FORM,
  fieldsFromForm,
  NewSchoolRefused,
  type NewSchoolForm,
} from './new-school-request.ts';

const API_VERSION = '2025-09-15';

interface SchoolOption {
  _id: string;
  key: string;
  baseName?: string;
}

const FIELDS: Array<{
  name: keyof typeof EMPTY_FORM;
  label: string;
  hint: string;
  required?: boolean;
}> = [
  { name: 'baseName', label: 'Service name', hint: 'e.g. Falcon Mobile', required: true },
  {
    name: 'key',
    label: 'Internal key',
    hint: 'The tenant code in the product API, e.g. falconmobile',
    required: true,
  },
  {
    name: 'seoSlug',
    label: 'Address on the site',
    hint: 'Pages live under /{this}, e.g. falcon-mobile',
    required: true,
  },
  { name: 'schoolName', label: 'School full name', hint: 'e.g. Ridgeview University' },
  { name: 'schoolShort', label: 'School short name', hint: 'e.g. Ridgeview' },
  { name: 'mascotNation', label: 'Fan base name', hint: 'e.g. Falcon Nation' },
  { name: 'mascot', label: 'Mascot', hint: 'One of them, e.g. Falcon' },
  { name: 'mascotPlural', label: 'Mascot, plural', hint: 'e.g. Falcons' },
  { name: 'city', label: 'City', hint: 'e.g. Boulder' },
  { name: 'state', label: 'State', hint: 'e.g. Colorado' },
  { name: 'primaryName', label: 'Primary colour name', hint: 'e.g. Falcon Red' },
  { name: 'primaryHex', label: 'Primary colour', hint: '#rrggbb' },
  { name: 'secondaryName', label: 'Secondary colour name', hint: 'e.g. Falcon Silver' },
  { name: 'secondaryHex', label: 'Secondary colour', hint: '#rrggbb' },
];

export const NewSchoolAction: DocumentActionComponent = (props) => {
  const client = useClient({ apiVersion: API_VERSION });
  const router = useRouter();
  const [open, setOpen] = useState(false);
  const [form, setForm] = useState<NewSchoolForm>({ ...EMPTY_FORM, templateId: props.id });
  const [logo, setLogo] = useState<File | undefined>();
  const [schools, setSchools] = useState<SchoolOption[]>([]);
  const [problems, setProblems] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);

  const set =
    (name: keyof NewSchoolForm) => (event: ChangeEvent<HTMLInputElement | HTMLSelectElement>) =>
      setForm({ ...form, [name]: event.currentTarget.value });

  async function create() {
    setBusy(true);
    setProblems([]);
    const published = client.withConfig({ perspective: 'published' });
    try {
      const uploadLogo =
        logo &&
        (async () => {
          const asset = await client.assets.upload('image', logo, { filename: logo.name });
          return { asset: { _type: 'reference' as const, _ref: asset._id } };
        });
      const made = await createSchoolFromTemplate(
        published,
        form.templateId,
        fieldsFromForm(form),
        uploadLogo || undefined,
      );
      setOpen(false);
      // The new school's landing page in Presentation, its school document beside it.
      router.navigateIntent('edit', schoolPresentationIntent(made.school));
    } catch (error) {
      setProblems(error instanceof NewSchoolRefused ? error.problems : [(error as Error).message]);
    } finally {
      setBusy(false);
    }
  }

  const publishedKey = props.published?.key;
  // Until the list is read: this school, by its key.
  const templateKey = typeof publishedKey === 'string' ? publishedKey : props.id;

  return {
    label: 'New school from this one',
    icon: AddIcon,
    disabled: !props.published,
    title: props.published
      ? 'Make a new school with a copy of every document of a template school'
      : 'Publish this school first to use it as a template',
    onHandle: () => {
      setForm({ ...EMPTY_FORM, templateId: props.id });
      setProblems([]);
      setOpen(true);
      // The templates to choose from, read each time the dialog opens.
      client
        .fetch<SchoolOption[]>(
          '*[_type == "school" && !(_id in path("drafts.**"))] | order(baseName asc){_id, key, baseName}',
        )
        .then(setSchools, () => setSchools([]));
    },
    dialog: open && {
      type: 'dialog',
      header: 'New school from a template',
      width: 'medium',
      onClose: () => setOpen(false),
      content: (
        <Stack gap={4}>
          <Text size={1} muted>
            Every document of the template is copied with your names in place of its own. The new
            school starts as Preparing (not on the live site); the content check lists the
            template's text and images still in it.
          </Text>
          <Stack gap={2}>
            <Text size={1} weight="medium">
              <label htmlFor="new-school-template">Template school</label>
            </Text>
            <Select id="new-school-template" value={form.templateId} onChange={set('templateId')}>
              {(schools.length ? schools : [{ _id: props.id, key: templateKey }]).map((school) => (
                <option key={school._id} value={school._id}>
                  {school.baseName ? `${school.baseName} (${school.key})` : school.key}
                </option>
              ))}
            </Select>
          </Stack>
          <Grid gridTemplateColumns={[1, 2]} gap={3}>
            {FIELDS.map((field) => (
              <Stack gap={2} key={field.name}>
                <Text size={1} weight="medium">
                  <label htmlFor={`new-school-${field.name}`}>
                    {field.label}
                    {field.required ? ' (required)' : ''}
                  </label>
                </Text>
                <TextInput
                  id={`new-school-${field.name}`}
                  value={form[field.name]}
                  placeholder={field.hint}
                  onChange={set(field.name)}
                />
              </Stack>
            ))}
          </Grid>
          <Stack gap={2}>
            <Text size={1} weight="medium">
              <label htmlFor="new-school-logo">
                Logo (SVG or PNG; empty: the template's until replaced)
              </label>
            </Text>
            <input
              id="new-school-logo"
              type="file"
              accept="image/svg+xml,image/png,image/webp"
              onChange={(event) => setLogo(event.currentTarget.files?.[0])}
            />
          </Stack>
          {problems.length > 0 && (
            <Card padding={3} tone="critical" radius={2} role="alert">
              <Stack gap={2}>
                {problems.map((problem) => (
                  <Text size={1} key={problem}>
                    {problem}
                  </Text>
                ))}
              </Stack>
            </Card>
          )}
          <Flex justify="flex-end" gap={2}>
            <Button mode="ghost" text="Cancel" onClick={() => setOpen(false)} disabled={busy} />
            <Box>
              <Button
                tone="primary"
                text={busy ? 'Creating…' : 'Create school'}
                onClick={() => void create()}
                disabled={busy || !form.key.trim() || !form.seoSlug.trim() || !form.baseName.trim()}
              />
            </Box>
          </Flex>
        </Stack>
      ),
    },
  };
};
NewSchoolAction.displayName = 'NewSchoolAction';
