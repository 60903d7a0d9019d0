/**
 * What every school page's view starts from: the props its getStaticPaths hands the shell, and
 * the layout's props. Views pick the school's documents and shape each section's props, so a
 * page shell only arranges sections.
 */
import type { SchoolPageProps } from '../routing/index.ts';
import type { SchoolRouteName } from '../route-table/routes.ts';
import type { TenantDocuments } from '../content/schemas.ts';
import type { ShownPerspective } from './perspective-label.ts';
import { fieldEdit, type EditableProps, type FieldEdit } from './edit-target.ts';

export type { SchoolPageProps };

/** A view's props: a school page's, and on the preview site in draft mode the attribute maker (edit-target.ts). */
export type ViewProps = SchoolPageProps & EditableProps;

export interface SchoolLayoutProps extends SchoolPageProps, EditableProps {
  route: SchoolRouteName;
  /** Only on a page rendered on request (the editors' preview site): which content it shows. */
  shown?: ShownPerspective;
}

export function schoolLayout(
  props: ViewProps & { shown?: ShownPerspective },
  route: SchoolRouteName,
): SchoolLayoutProps {
  const { site, settings, shown, editAttribute } = props;
  const layout: SchoolLayoutProps = shown
    ? { site, settings, route, shown }
    : { site, settings, route };
  if (editAttribute) layout.editAttribute = editAttribute;
  return layout;
}

/** Partner banner 1 belongs to the landing and plan pages, banner 2 to the why page (docs/behaviour.md §2). */
export function partnerBanner(
  props: ViewProps,
  bannerNumber: 1 | 2,
): { banner: TenantDocuments['partnerBanner']; edit?: FieldEdit | undefined } | undefined {
  const banner = props.site.content.documents.partnerBanner.find(
    (doc) => doc.bannerNumber === bannerNumber,
  );
  return banner && { banner, edit: fieldEdit(props, banner) };
}

/** A section's props only when its document is there: a missing document leaves the section out. */
export function when<T, P>(doc: T | undefined, props: (doc: T) => P): P | undefined {
  return doc === undefined ? undefined : props(doc);
}
