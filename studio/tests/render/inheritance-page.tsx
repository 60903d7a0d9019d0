/**
 * A test page for the inheritance panels (studio/inheritance/), for the Chromium test
 * (studio/tests/inheritance-panels.test.ts) and its screenshots. The field component is the
 * Studio's own (createInheritanceField); this page plays the rest of the Studio around it:
 * - Sanity's form: each field drawn by `renderDefault` (a labelled input here; a list shows its
 *   items and each item's fields, as Sanity's item dialog does) and the patches its input sends
 *   applied to the document in memory, as Sanity applies `set` and `unset`;
 * - the document store: the bundled dataset (published, served as /dataset.json) queried with the
 *   Studio's own GROQ queries through groq-js;
 * - Presentation: its page (`preview`) and opened field (`path`) from the address,
 *   `#form?id=…&preview=…&path=…`; the router: an intent link opens the document it names here
 *   (at its field) and is recorded in `window.intents`.
 * The fields drawn are those of the Studio schema's plan page header and plan cards.
 */
import '@sanity/ui/styles.css';
import {
  Box,
  Card,
  Container,
  Heading,
  LayerProvider,
  PortalProvider,
  Stack,
  Text,
  TextArea,
  TextInput,
  ThemeProvider,
  studioTheme,
} from '@sanity/ui';
import { evaluate, parse } from 'groq-js';
import {
  createContext,
  use,
  useEffect,
  useId,
  useState,
  type ChangeEvent,
  type ReactNode,
} from 'react';
import { createRoot } from 'react-dom/client';
import type { FieldProps, ItemProps } from 'sanity';
import { pathString, type FieldPath } from '../../../src/lib/content/inheritance/index.ts';
import {
  SCHOOL_SOURCE_QUERY,
  schoolSourceOf,
  schoolSourceParams,
  valueAtPath,
  type Doc,
  type FieldEdit,
} from '../../inheritance/field-state.ts';
import {
  createInheritanceField,
  type InheritanceHooks,
  type IntentParams,
} from '../../inheritance/InheritanceField.tsx';
import {
  overviewParams,
  productOverview,
  productOverviewQuery,
} from '../../inheritance/overview.ts';
import { createInheritanceItem } from '../../inheritance/InheritanceItem.tsx';
import { SCHOOL_BY_ADDRESS_QUERY } from '../../inheritance/presentation-school.ts';
import { applyEdits } from '../support/apply-edits.ts';

declare global {
  interface Window {
    intents: Array<{ intent: string; params: IntentParams }>;
  }
}
window.intents = [];

interface FieldSpec {
  name: string;
  title: string;
  type: 'string' | 'text' | 'list';
  /** A list's items: the field they are named by, and their fields. */
  itemTitle?: string;
  fields?: FieldSpec[];
}

/** The Studio schema's text fields of the types drawn here (studio/schemaTypes/plans.ts, landing.ts), in its order. */
const FORMS: Record<string, { title: string; fields: FieldSpec[] }> = {
  landingHeader: {
    title: 'Landing hero',
    fields: [
      { name: 'title', title: 'Heading', type: 'string' },
      { name: 'subtitle', title: 'Text', type: 'text' },
      { name: 'tmoHeader', title: 'Network line', type: 'string' },
      { name: 'ctaText', title: 'Button text', type: 'string' },
    ],
  },
  planPageHeader: {
    title: 'Plan page header',
    fields: [
      { name: 'customerType', title: 'Customer type', type: 'string' },
      { name: 'header', title: 'Heading', type: 'string' },
      { name: 'tmoSubHeader', title: 'Network line', type: 'string' },
      { name: 'finePrint', title: 'Fine print', type: 'text' },
      { name: 'givebackHeader', title: 'Give-back heading', type: 'string' },
      { name: 'whyUsButtonText', title: '"Why us" button text', type: 'string' },
    ],
  },
  planCards: {
    title: 'Plan cards',
    fields: [
      { name: 'customerType', title: 'Customer type', type: 'string' },
      {
        name: 'plans',
        title: 'Plans',
        type: 'list',
        itemTitle: 'planLabel',
        fields: [
          { name: 'planLabel', title: 'Plan name', type: 'string' },
          { name: 'price', title: 'Price', type: 'string' },
          { name: 'planTagline', title: 'Tagline', type: 'string' },
          { name: 'planDescription', title: 'Description', type: 'text' },
        ],
      },
    ],
  },
};

// ---- The document store: the dataset, queried with groq-js -------------------------------------

const dataset: Promise<Doc[]> = fetch('/dataset.json').then(
  (response) => response.json() as Promise<Doc[]>,
);
/** Each query's answer, asked once (the dataset does not change). */
const answers = new Map<string, Promise<unknown>>();

function answerOf(query: string, params: Record<string, unknown>): Promise<unknown> {
  const key = JSON.stringify([query, params]);
  let answer = answers.get(key);
  if (!answer) {
    answer = dataset.then(async (documents) => {
      const value: unknown = await (
        await evaluate(parse(query, { params }), { dataset: documents, params })
      ).get();
      return value;
    });
    answers.set(key, answer);
  }
  return answer;
}

function useQuery<T>(
  query: string | undefined,
  params: Record<string, unknown>,
  read: (answer: never) => T,
): T | undefined {
  const answer = query ? answerOf(query, params) : undefined;
  const [latest, setLatest] = useState<{ answer: Promise<unknown>; value: unknown }>();
  useEffect(() => {
    if (!answer) return undefined;
    let current = true;
    void answer.then((value) => {
      if (current) setLatest({ answer, value });
    });
    return () => {
      current = false;
    };
  }, [answer]);
  return answer && latest?.answer === answer ? read(latest.value as never) : undefined;
}

// ---- The form -----------------------------------------------------------------------------------

interface FormState {
  doc: Doc;
  change: (field: FieldPath, patches: unknown[]) => void;
  presentation: { preview?: string; path?: string } | null;
  open: (intent: string, params: IntentParams) => void;
}
const FormContext = createContext<FormState | null>(null);
const useForm = () => use(FormContext)!;

const hooks: InheritanceHooks = {
  useFormValue: (path) => valueAtPath(useForm().doc, path),
  useSchoolSource: (productId, schoolId) =>
    useQuery(
      schoolId ? SCHOOL_SOURCE_QUERY : undefined,
      schoolId ? schoolSourceParams(productId, schoolId) : {},
      schoolSourceOf,
    ),
  useProductOverview: (product) =>
    useQuery(productOverviewQuery(product.type), overviewParams(product), productOverview),
  usePresentation: () => useForm().presentation,
  useSchoolByAddress: (seoSlug) =>
    useQuery(
      seoSlug ? SCHOOL_BY_ADDRESS_QUERY : undefined,
      seoSlug ? { seoSlug } : {},
      (answer) => answer,
    ),
  useIntentLink(intent, params) {
    const { open } = useForm();
    return {
      href: `#intent-${intent}`,
      onClick: (event) => {
        event.preventDefault();
        open(intent, params);
      },
    };
  },
};

/** The form's patches as plain values (Sanity's `set` and `unset` make its own). */
const InheritanceField = createInheritanceField(hooks, {
  set: (value, path): FieldEdit => ({ type: 'set', path: [...path], value }),
  unset: (path): FieldEdit => ({ type: 'unset', path: [...path] }),
});

const InheritanceItem = createInheritanceItem(hooks);

function TextField({ spec, path }: { spec: FieldSpec; path: FieldPath }) {
  const { doc, change } = useForm();
  const id = useId();
  const value = valueAtPath(doc, path);
  const onChange = (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
    change(path, [
      event.currentTarget.value
        ? { type: 'set', path: [], value: event.currentTarget.value }
        : { type: 'unset', path: [] },
    ]);
  const input = {
    id,
    value: typeof value === 'string' ? value : '',
    onChange,
    fontSize: 2,
    padding: 3,
  };
  return (
    <Stack gap={3}>
      <Text as="label" htmlFor={id} size={1} weight="medium">
        {spec.title}
      </Text>
      {spec.type === 'text' ? <TextArea rows={3} {...input} /> : <TextInput {...input} />}
    </Stack>
  );
}

function ListField({ spec, path }: { spec: FieldSpec; path: FieldPath }) {
  const { doc } = useForm();
  const items = valueAtPath(doc, path);
  const list = Array.isArray(items) ? (items as Doc[]) : [];
  return (
    <Stack gap={3}>
      <Text as="h2" size={1} weight="medium">
        {spec.title}
      </Text>
      {list.length === 0 && (
        <Card border radius={2} padding={3} tone="transparent">
          <Text size={1} muted>
            No items
          </Text>
        </Card>
      )}
      {list.map((item) => (
        <ListItem
          key={String(item._key)}
          spec={spec}
          item={item}
          path={[...path, { _key: String(item._key) }]}
        />
      ))}
    </Stack>
  );
}

/** An item as Sanity's form hands it to `components.item`: named by its preview, its fields under it. */
function ListItem({ spec, item, path }: { spec: FieldSpec; item: Doc; path: FieldPath }) {
  const props = {
    path,
    value: item,
    inputProps: {
      // Sanity's preview of an item: its title field (the schema's preview title).
      renderPreview: ({ value }: { value: unknown }) => {
        const title = spec.itemTitle ? (value as Doc)[spec.itemTitle] : undefined;
        return typeof title === 'string' && title ? title : 'Untitled';
      },
    },
    renderDefault: (given: {
      inputProps: { renderPreview: (props: { value: unknown }) => ReactNode };
    }) => (
      <Card as="fieldset" border radius={2} padding={3} style={{ margin: 0 }}>
        <Stack gap={4}>
          <Text as="legend" size={1} weight="semibold">
            {given.inputProps.renderPreview({ value: item })}
          </Text>
          {(spec.fields ?? []).map((field) => (
            <FormField key={field.name} spec={field} path={[...path, field.name]} />
          ))}
        </Stack>
      </Card>
    ),
  } as unknown as ItemProps;
  return <InheritanceItem {...props} />;
}

/** A field as Sanity's form hands it to `components.field`. */
function FormField({ spec, path }: { spec: FieldSpec; path: FieldPath }) {
  const { doc, change } = useForm();
  const list = spec.type === 'list';
  const props = {
    name: spec.name,
    title: spec.title,
    path,
    value: valueAtPath(doc, path),
    schemaType: {
      name: list ? 'array' : spec.type,
      jsonType: list ? 'array' : 'string',
      ...(spec.itemTitle ? { of: [{ preview: { select: { title: spec.itemTitle } } }] } : {}),
    },
    inputProps: { onChange: (patches: unknown[]) => change(path, patches) },
    renderDefault: () =>
      list ? <ListField spec={spec} path={path} /> : <TextField spec={spec} path={path} />,
  } as unknown as FieldProps;
  return (
    <Box data-path={pathString(path)}>
      <InheritanceField {...props} />
    </Box>
  );
}

// ---- The page: which document, and Presentation's page ----------------------------------------

interface View {
  id: string;
  preview?: string;
  path?: string;
}

function viewOf(hash: string): View {
  const params = new URLSearchParams(hash.replace(/^#form\??/, ''));
  return {
    id: params.get('id') ?? '',
    ...(params.get('preview') ? { preview: params.get('preview')! } : {}),
    ...(params.get('path') ? { path: params.get('path')! } : {}),
  };
}

function DocumentForm({ view, documents }: { view: View; documents: Doc[] }) {
  const [doc, setDoc] = useState<Doc | undefined>(() =>
    structuredClone(documents.find((one) => one._id === view.id)),
  );
  // Opened at a field (Presentation's `path`, or an intent's): it comes into view, focused.
  useEffect(() => {
    if (!view.path) return;
    const field = document.querySelector<HTMLElement>(`[data-path="${CSS.escape(view.path)}"]`);
    field?.scrollIntoView({ block: 'center' });
    field?.querySelector<HTMLElement>('input, textarea, button')?.focus({ preventScroll: true });
  }, [view.path]);
  if (!doc) return <Text>No document {view.id}</Text>;
  const form = FORMS[String(doc._type)];
  const school = documents.find(
    (one) => one._id === (doc.school as { _ref?: string } | undefined)?._ref,
  );
  const state: FormState = {
    doc,
    change: (field, patches) =>
      setDoc((current) => current && applyEdits(current, field, patches as FieldEdit[])),
    presentation: view.preview ? { preview: view.preview, path: view.path } : null,
    open: (intent, params) => {
      window.intents.push({ intent, params });
      const edit = Array.isArray(params) ? params[0] : params;
      location.hash = `#form?${new URLSearchParams({
        id: edit.id ?? '',
        ...(edit.preview ? { preview: edit.preview } : {}),
        ...(edit.path ? { path: edit.path } : {}),
      }).toString()}`;
    },
  };
  return (
    <FormContext value={state}>
      <Stack gap={5}>
        <Stack gap={3}>
          <Heading as="h1" size={2}>
            {school ? `${String(school.baseName)} · ` : 'Product (every school) · '}
            {form.title}
            {typeof doc.customerType === 'string' ? `: ${doc.customerType}` : ''}
          </Heading>
          <Text size={1} muted>
            {view.preview ? `Presentation, beside ${view.preview}` : 'Structure'} ·{' '}
            {doc._id as string}
          </Text>
        </Stack>
        {form.fields.map((field) => (
          <FormField key={field.name} spec={field} path={[field.name]} />
        ))}
      </Stack>
    </FormContext>
  );
}

function App() {
  const [hash, setHash] = useState(() => location.hash);
  const [documents, setDocuments] = useState<Doc[]>();
  const [portal] = useState(() => document.getElementById('portal'));
  useEffect(() => {
    const follow = () => setHash(location.hash);
    addEventListener('hashchange', follow);
    void dataset.then(setDocuments);
    return () => removeEventListener('hashchange', follow);
  }, []);
  const view = viewOf(hash);
  let body: ReactNode = <Text>Loading…</Text>;
  if (documents) body = <DocumentForm key={hash} view={view} documents={documents} />;
  return (
    <ThemeProvider theme={studioTheme}>
      <LayerProvider>
        <PortalProvider element={portal}>
          <Card tone="transparent" style={{ minHeight: '100vh' }}>
            {/* Padding outside the Container: it is 100% wide, and padding inside it would overflow a phone's width. */}
            <Box as="main" paddingX={[3, 4]} paddingY={[4, 5]}>
              <Container width={1}>{body}</Container>
            </Box>
          </Card>
        </PortalProvider>
      </LayerProvider>
    </ThemeProvider>
  );
}

createRoot(document.getElementById('root')!).render(<App />);
