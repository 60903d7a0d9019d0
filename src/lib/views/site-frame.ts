/**
 * The frame around every school page: the fixed header (logo, nav links, sign-in button and its
 * dialog) and the footer (logo, social icons, four link columns, fine print). The header and
 * footer sections only draw what these views hand them; every link is resolved here, once.
 */
import { canShowImage, single } from '../content/index.ts';
import type { RawImage, TenantDocuments } from '../content/schemas.ts';
import { externalLink, footerLink, navLink, type ResolvedLink } from '../links/classify.ts';
import { schoolPath } from '../route-table/routes.ts';
import type { SchoolSite } from '../routing/matrix.ts';
import {
  fieldEdit,
  itemStep,
  scopedEdit,
  type EditableProps,
  type FieldEdit,
  type PathSegment,
} from './edit-target.ts';

export interface NavItem {
  label: string;
  link: ResolvedLink;
  /** The link goes to the page being shown (aria-current="page"). */
  current: boolean;
  /** Its item in the header document's links (click-to-edit). */
  step?: PathSegment;
}

export interface SignInDialog {
  /** The header button's text, also the dialog's heading: the dialog says what it is for. */
  title: string;
  question: string;
  icon?: RawImage | undefined;
  /** `field`: the login modal field of the button's text (click-to-edit). */
  portals: Array<{ text: string; link: ResolvedLink; field: string }>;
  closeText: string;
}

export interface SiteHeaderProps {
  homeHref: string;
  /** Undefined when its file is missing: the header then shows the service's name instead. */
  logo: RawImage | undefined;
  logoAlt: string;
  name: string;
  links: NavItem[];
  /** Only when the school has both its header navigation and its login modal content. */
  signIn?: SignInDialog | undefined;
  /** Draft mode only (edit-target.ts): the header document's, the school's and the login modal's fields. */
  edits?:
    | { nav?: FieldEdit | undefined; school?: FieldEdit | undefined; modal?: FieldEdit | undefined }
    | undefined;
}

export interface FooterColumn {
  title: string;
  links: Array<{ name: string; link: ResolvedLink; step?: PathSegment }>;
  /** The footer document's fields of its title and links (click-to-edit). */
  fields?: { title: string; links: string };
}

export interface SiteFooterProps {
  homeHref: string;
  /** Undefined when its file is missing: the footer then shows the service's name instead. */
  logo: RawImage | undefined;
  logoAlt: string;
  name: string;
  /** A social link whose icon file is missing shows the network's name. */
  socials: Array<{
    network: string;
    icon: RawImage | undefined;
    link: ResolvedLink;
    step?: PathSegment;
  }>;
  columns: FooterColumn[];
  finePrint: string;
  /** Draft mode only: the footer document's fields. */
  edit?: FieldEdit | undefined;
}

/** The image when its file can be published, else undefined (the section draws text instead). */
const shownImage = (image: RawImage | undefined): RawImage | undefined =>
  canShowImage(image) ? image : undefined;

function signInDialog(title: string, modal: TenantDocuments['loginModal']): SignInDialog {
  const portals = [
    { text: modal.fanButtonText, link: externalLink(modal.fanPortalLink), field: 'fanButtonText' },
    {
      text: modal.studentButtonText,
      link: externalLink(modal.studentPortalLink),
      field: 'studentButtonText',
    },
    {
      text: modal.facultyButtonText,
      link: externalLink(modal.facultyPortalLink),
      field: 'facultyButtonText',
    },
  ].flatMap(({ text, link, field }) => (link ? [{ text, link, field }] : []));
  return {
    title,
    question: modal.questionHeader,
    icon: modal.favicon,
    portals,
    closeText: modal.closeText,
  };
}

/**
 * A school's header and footer are the same on each of its pages (only the current nav link
 * differs): they are resolved once per school and build, not once per page.
 */
const schoolHeaders = new WeakMap<
  SchoolSite,
  Omit<SiteHeaderProps, 'links'> & { links: Array<Omit<NavItem, 'current'>> }
>();
const schoolFooters = new WeakMap<SchoolSite, SiteFooterProps | undefined>();

function schoolHeader(site: SchoolSite) {
  let header = schoolHeaders.get(site);
  if (!header) {
    const nav = single(site.content, 'headerNav');
    const modal = single(site.content, 'loginModal');
    header = {
      homeHref: schoolPath(site.seoSlug),
      logo: shownImage(site.content.school.logo),
      logoAlt: `${site.tenant.name} home`,
      name: site.tenant.name,
      links: (nav?.links ?? []).flatMap((item, index) => {
        const link = navLink(site.seoSlug, item);
        return link ? [{ label: item.label, link, step: itemStep(item, index) }] : [];
      }),
      signIn: nav && modal ? signInDialog(nav.signInButtonText, modal) : undefined,
    };
    schoolHeaders.set(site, header);
  }
  return header;
}

/** `currentPath`: the page's own path without a trailing slash, to mark its nav link as current. */
export function siteHeaderView(
  site: SchoolSite,
  currentPath: string,
  props: EditableProps = {},
): SiteHeaderProps {
  const header = schoolHeader(site);
  const view: SiteHeaderProps = {
    ...header,
    links: header.links.map((item) => ({ ...item, current: item.link.href === currentPath })),
  };
  if (props.editAttribute) {
    view.edits = {
      nav: fieldEdit(props, single(site.content, 'headerNav')),
      school: fieldEdit(props, site.content.school),
      modal: fieldEdit(props, single(site.content, 'loginModal')),
    };
  }
  return view;
}

type FooterLinkFields = TenantDocuments['footer']['pageLinks'][number];

function footerColumn(
  seoSlug: string,
  title: string,
  links: readonly FooterLinkFields[],
  fields: FooterColumn['fields'],
): FooterColumn {
  return {
    title,
    links: links.flatMap((item, index) => {
      const link = footerLink(seoSlug, item);
      return link ? [{ name: item.pageName, link, step: itemStep(item, index) }] : [];
    }),
    fields,
  };
}

/** Undefined when the school has no valid footer document: the page then ends without one. */
export function siteFooterView(
  site: SchoolSite,
  props: EditableProps = {},
): SiteFooterProps | undefined {
  if (!schoolFooters.has(site)) schoolFooters.set(site, resolveFooter(site));
  const footer = schoolFooters.get(site);
  return footer && props.editAttribute
    ? { ...footer, edit: fieldEdit(props, single(site.content, 'footer')) }
    : footer;
}

/** A footer column's title and its links, as click-to-edit paths. */
export function columnEdits(edit: FieldEdit | undefined, column: FooterColumn) {
  const fields = column.fields;
  return {
    title: fields && edit?.(fields.title),
    link: (step: PathSegment | undefined) =>
      fields && step !== undefined ? scopedEdit(edit, fields.links, step)?.('pageName') : undefined,
  };
}

function resolveFooter(site: SchoolSite): SiteFooterProps | undefined {
  const footer = single(site.content, 'footer');
  if (!footer) return undefined;
  const column = (
    title: string,
    links: readonly FooterLinkFields[],
    titleField: string,
    linksField: string,
  ) => footerColumn(site.seoSlug, title, links, { title: titleField, links: linksField });
  return {
    homeHref: schoolPath(site.seoSlug),
    logo: shownImage(footer.collegeLogo),
    logoAlt: `${site.tenant.name} home`,
    name: site.tenant.name,
    socials: footer.socialMediaIcons.flatMap((icon, index) => {
      const link = externalLink(icon.socialUrl);
      return link
        ? [
            {
              network: icon.network,
              icon: shownImage(icon.appIcon),
              link,
              step: itemStep(icon, index),
            },
          ]
        : [];
    }),
    columns: [
      column(footer.pageColumnTitle, footer.pageLinks, 'pageColumnTitle', 'pageLinks'),
      column(footer.supportColumnTitle, footer.supportLinks, 'supportColumnTitle', 'supportLinks'),
      column(footer.legalColumnTitle, footer.legalLinks, 'legalColumnTitle', 'legalLinks'),
      column(
        footer.newsroomColumnTitle,
        footer.newsroomLinks,
        'newsroomColumnTitle',
        'newsroomLinks',
      ),
    ],
    finePrint: footer.finePrint,
  };
}
