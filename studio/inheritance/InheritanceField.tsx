/**
 * The form's field component (sanity.config's `form.components.field`): each field of a per-school
 * type drawn as Sanity draws it (`renderDefault`), with its inheritance panel under it (on a
 * school's document: inherited or overridden; on a product document: the schools that override it,
 * and, opened by a click on a school's page in Presentation, shared by N schools). What it reads
 * comes through `InheritanceHooks`: studio.tsx binds them to the Studio (its document store, form
 * value, Presentation and router); the test page binds them to a dataset in memory. Thin: the
 * decisions are field-state.ts's, overview.ts's and presentation-school.ts's.
 */
import { Stack } from '@sanity/ui';
import type { ComponentType, MouseEventHandler, ReactNode } from 'react';
import type { FieldProps } from 'sanity';
import {
  ownedListsOf,
  pathString,
  productDocumentId,
  variantField,
  type FieldPath,
  type SchoolWords,
  type Variant,
} from '../../src/lib/content/inheritance/index.ts';
import {
  documentRole,
  fieldPathOf,
  isInheritableField,
  keyedListStatus,
  overrideEdits,
  resetEdits,
  schoolFieldState,
  type Doc,
  type FieldEdit,
} from './field-state.ts';
import {
  OwnedListNote,
  ProductFieldPanel,
  SchoolFieldPanel,
  SchoolListPanel,
  SharedFieldCard,
} from './InheritancePanels.tsx';
import { fieldOverview, schoolDocumentIn, schoolName, type ProductOverview } from './overview.ts';
import {
  isOpenedField,
  newSchoolDocumentIntent,
  openablePath,
  schoolFieldIntent,
  seoSlugOfPreview,
  type AddressedSchool,
} from './presentation-school.ts';
import { shownValue } from './shown-value.ts';

/** What a school's document inherits from: its product document, its school's words, and the product document with them. */
export interface SchoolSource {
  product: Doc | undefined;
  words: SchoolWords;
  shown: Doc | undefined;
}

/** A link the Studio's router follows (an intent's address and its click handler). */
export interface IntentLinkProps {
  href: string;
  onClick: MouseEventHandler<HTMLElement>;
}

export type IntentParams =
  Record<string, string> | [Record<string, string>, Record<string, unknown>];

export interface InheritanceHooks {
  /** A value of the document in the form (Sanity's `useFormValue`). */
  useFormValue(path: FieldPath): unknown;
  /** The product document a school's document inherits, with the school's words (undefined while loading). */
  useSchoolSource(productId: string, schoolId: string | undefined): SchoolSource | undefined;
  /** The overview of a product document (undefined while loading). */
  useProductOverview(product: {
    id: string;
    type: string;
    variant: unknown;
  }): ProductOverview | undefined;
  /** Presentation's page and opened field (null outside Presentation). */
  usePresentation(): { preview?: string | undefined; path?: string | undefined } | null;
  /** The school of a page's address (undefined: none asked, or loading; null: no such school). */
  useSchoolByAddress(seoSlug: string | undefined): AddressedSchool | null | undefined;
  useIntentLink(intent: 'edit' | 'create', params: IntentParams): IntentLinkProps;
}

const isVariant = (value: unknown): value is Variant =>
  typeof value === 'string' || typeof value === 'number';

/** Whether a field's type is an image (its picture is one value; its alternative text a field of its own). */
function isImageType(schemaType: FieldProps['schemaType']): boolean {
  for (let type: { name?: string; type?: unknown } | undefined = schemaType; type;) {
    if (type.name === 'image') return true;
    type = type.type as typeof type;
  }
  return false;
}

/** The field its list items are named by (the item type's preview title), for naming the product's items. */
function itemTitleField(schemaType: FieldProps['schemaType']): string | undefined {
  type Named = { preview?: { select?: { title?: unknown } }; type?: unknown };
  const of = (schemaType as { of?: Named[] }).of;
  for (let type: Named | undefined = of?.[0]; type; type = type.type as Named | undefined) {
    const title = type.preview?.select?.title;
    if (typeof title === 'string') return title;
  }
  return undefined;
}

const withPanel = (field: ReactNode, panel: ReactNode) => (
  <Stack gap={3}>
    {field}
    {panel}
  </Stack>
);

/** Sanity's `set` and `unset` (the test page passes plain ones). */
export interface PatchMakers {
  set(value: unknown, path: FieldEdit['path']): unknown;
  unset(path: FieldEdit['path']): unknown;
}

/**
 * What a field (or list item) of a school's document reads: its product document and words, and
 * the school's document as far as the field's root field (the form's other fields are not read, so
 * a keystroke elsewhere draws nothing here again).
 */
export function useSchoolForm(hooks: InheritanceHooks, type: string, root: string) {
  const id = hooks.useFormValue(['_id']);
  const school = hooks.useFormValue(['school']) as { _ref?: unknown } | undefined;
  const field = variantField(type);
  const variant = hooks.useFormValue([field ?? '_type']);
  const owned = hooks.useFormValue(['ownedLists']);
  const rootValue = hooks.useFormValue([root]);
  const source = hooks.useSchoolSource(
    productDocumentId(type, field && isVariant(variant) ? variant : undefined),
    typeof school?._ref === 'string' ? school._ref : undefined,
  );
  const document: Doc = { _id: id, _type: type, ownedLists: owned, [root]: rootValue };
  return { source, document };
}

export function createInheritanceField(
  hooks: InheritanceHooks,
  patch: PatchMakers,
): ComponentType<FieldProps> {
  const patchesOf = (edits: FieldEdit[]) =>
    edits.map((edit) =>
      edit.type === 'set' ? patch.set(edit.value, edit.path) : patch.unset(edit.path),
    );

  /** The panel under a school's field (null: none), from what the field inherits. */
  function schoolPanel(
    props: FieldProps,
    path: FieldPath,
    source: SchoolSource,
    document: Doc,
  ): ReactNode {
    const state = schoolFieldState({ ...source, school: document, path });
    const title = props.title ?? props.name;
    if (state.state === 'owned')
      return ownedListsOf(document).has(pathString(path)) ? (
        <OwnedListNote fieldTitle={title} />
      ) : null;
    if (state.state !== 'inherited' && state.state !== 'overridden') return null;
    const onChange = props.inputProps.onChange as unknown as (patches: unknown[]) => void;
    const override = () => onChange(patchesOf(overrideEdits(state.productValue, props.value)));
    const reset = () => onChange(patchesOf(resetEdits(state.productValue, props.value)));
    const list = keyedListStatus(state.productValue, props.value);
    if (list) {
      const named = shownValue(list.items, itemTitleField(props.schemaType));
      return (
        <SchoolListPanel
          fieldTitle={title}
          list={list}
          items={named.kind === 'items' ? named.items : []}
          onOverride={override}
          onReset={reset}
        />
      );
    }
    return (
      <SchoolFieldPanel
        fieldTitle={title}
        state={state.state}
        productValue={shownValue(state.productValue)}
        onOverride={override}
        onReset={reset}
      />
    );
  }

  function SchoolField({
    props,
    path,
    type,
  }: {
    props: FieldProps;
    path: FieldPath;
    type: string;
  }) {
    const { source, document } = useSchoolForm(hooks, type, path[0] as string);
    const fieldDefault = props.renderDefault(props);
    // An object's fields have panels of their own; an image's picture is one value.
    if (props.schemaType.jsonType === 'object' && !isImageType(props.schemaType))
      return fieldDefault;
    // The same frame while loading and after, so the field's input is never drawn anew (and keeps focus).
    return withPanel(fieldDefault, source ? schoolPanel(props, path, source, document) : null);
  }

  function OpenedFromSchool({
    overview,
    school,
    type,
    variant,
    path,
    preview,
  }: {
    overview: ProductOverview;
    school: AddressedSchool;
    type: string;
    variant: unknown;
    path: FieldPath;
    preview: string | undefined;
  }) {
    const own = schoolDocumentIn(overview, school._id);
    const here = fieldOverview(overview, path);
    const link = hooks.useIntentLink(
      own ? 'edit' : 'create',
      own
        ? schoolFieldIntent({
            documentId: own.documentId,
            type,
            path: openablePath(own.document, path),
            preview,
          })
        : newSchoolDocumentIntent({
            type,
            schoolId: school._id,
            variant: isVariant(variant) ? variant : undefined,
            preview,
          }),
    );
    return (
      <SharedFieldCard
        school={own?.name ?? schoolName({ ...school })}
        sharedBy={here.sharedBy}
        partial={here.partial}
        overriddenThere={here.overriding.some((other) => other.schoolId === school._id)}
        link={link}
      />
    );
  }

  function ProductField({
    props,
    path,
    type,
  }: {
    props: FieldProps;
    path: FieldPath;
    type: string;
  }) {
    const formId = hooks.useFormValue(['_id']);
    const id = typeof formId === 'string' ? formId.replace(/^drafts\./, '') : '';
    const field = variantField(type);
    const variant = hooks.useFormValue([field ?? '_type']);
    const overview = hooks.useProductOverview({ id, type, variant: field ? variant : undefined });
    const presentation = hooks.usePresentation();
    const opened = isOpenedField(presentation?.path, path);
    const school = hooks.useSchoolByAddress(
      opened ? seoSlugOfPreview(presentation?.preview) : undefined,
    );
    const fieldDefault = props.renderDefault(props);
    const card = overview && opened && school && (
      <OpenedFromSchool
        overview={overview}
        school={school}
        type={type}
        variant={variant}
        path={path}
        preview={presentation?.preview}
      />
    );
    // An object's fields have panels of their own.
    const panel =
      !overview ||
      (props.schemaType.jsonType === 'object' && !isImageType(props.schemaType)) ? null : (
        <ProductFieldPanel
          fieldTitle={props.title ?? props.name}
          overview={fieldOverview(overview, path)}
        />
      );
    // The same frame while loading and after, so the field's input is never drawn anew.
    return (
      <Stack gap={3}>
        {card}
        {fieldDefault}
        {panel}
      </Stack>
    );
  }

  function InheritanceField(props: FieldProps) {
    const id = hooks.useFormValue(['_id']);
    const type = hooks.useFormValue(['_type']);
    const role = documentRole({ _id: id, _type: type });
    const path = fieldPathOf(props.path);
    if (role === 'other' || !path || typeof type !== 'string' || !isInheritableField(type, path))
      return props.renderDefault(props);
    return role === 'school' ? (
      <SchoolField props={props} path={path} type={type} />
    ) : (
      <ProductField props={props} path={path} type={type} />
    );
  }
  return InheritanceField;
}
