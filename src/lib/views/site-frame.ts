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

export interface NavItem {
  label: string;
  link: ResolvedLink;
  /** The link goes to the page being shown (aria-current="page"). */
  current: boolean;
}

export interface SignInDialog {
  /** The header button's text, also the dialog's heading: the dialog says what it is for. */
  title: string;
  question: string;
  icon?: RawImage | undefined;
  portals: Array<{ text: string; link: ResolvedLink }>;
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
}

export interface FooterColumn {
  title: string;
  links: Array<{ name: string; link: ResolvedLink }>;
}

export interface SiteFooterProps {
  homeHref: string;
  /** Undefined when its file is missing: the footer then shows the service's name instead. */
  logo: RawImage | undefined;
  logoAlt: string;
  name: string;
  /** A social link whose icon file is missing shows the network's name. */
  socials: Array<{ network: string; icon: RawImage | undefined; link: ResolvedLink }>;
  columns: FooterColumn[];
  finePrint: string;
}

/** The image when its file can be published, else undefined (the section draws text instead). */
const shownImage = (image: RawImage | undefined): RawImage | undefined => (canShowImage(image) ? image : undefined);

function signInDialog(title: string, modal: TenantDocuments['loginModal']): SignInDialog {
  const portals = [
    { text: modal.fanButtonText, link: externalLink(modal.fanPortalLink) },
    { text: modal.studentButtonText, link: externalLink(modal.studentPortalLink) },
    { text: modal.facultyButtonText, link: externalLink(modal.facultyPortalLink) },
  ].flatMap(({ text, link }) => (link ? [{ text, link }] : []));
  return { title, question: modal.questionHeader, icon: modal.favicon, portals, closeText: modal.closeText };
}

/**
 * A school's header and footer are the same on each of its pages (only the current nav link
 * differs): they are resolved once per school and build, not once per page.
 */
const schoolHeaders = new WeakMap<SchoolSite, Omit<SiteHeaderProps, 'links'> & { links: Array<Omit<NavItem, 'current'>> }>();
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
      links: (nav?.links ?? []).flatMap((item) => {
        const link = navLink(site.seoSlug, item);
        return link ? [{ label: item.label, link }] : [];
      }),
      signIn: nav && modal ? signInDialog(nav.signInButtonText, modal) : undefined,
    };
    schoolHeaders.set(site, header);
  }
  return header;
}

/** `currentPath`: the page's own path without a trailing slash, to mark its nav link as current. */
export function siteHeaderView(site: SchoolSite, currentPath: string): SiteHeaderProps {
  const header = schoolHeader(site);
  return { ...header, links: header.links.map((item) => ({ ...item, current: item.link.href === currentPath })) };
}

type FooterLinkFields = TenantDocuments['footer']['pageLinks'][number];

function footerColumn(seoSlug: string, title: string, links: readonly FooterLinkFields[]): FooterColumn {
  return {
    title,
    links: links.flatMap((item) => {
      const link = footerLink(seoSlug, item);
      return link ? [{ name: item.pageName, link }] : [];
    }),
  };
}

/** Undefined when the school has no valid footer document: the page then ends without one. */
export function siteFooterView(site: SchoolSite): SiteFooterProps | undefined {
  if (!schoolFooters.has(site)) schoolFooters.set(site, resolveFooter(site));
  return schoolFooters.get(site);
}

function resolveFooter(site: SchoolSite): SiteFooterProps | undefined {
  const footer = single(site.content, 'footer');
  if (!footer) return undefined;
  const column = (title: string, links: readonly FooterLinkFields[]) => footerColumn(site.seoSlug, title, links);
  return {
    homeHref: schoolPath(site.seoSlug),
    logo: shownImage(footer.collegeLogo),
    logoAlt: `${site.tenant.name} home`,
    name: site.tenant.name,
    socials: footer.socialMediaIcons.flatMap((icon) => {
      const link = externalLink(icon.socialUrl);
      return link ? [{ network: icon.network, icon: shownImage(icon.appIcon), link }] : [];
    }),
    columns: [
      column(footer.pageColumnTitle, footer.pageLinks),
      column(footer.supportColumnTitle, footer.supportLinks),
      column(footer.legalColumnTitle, footer.legalLinks),
      column(footer.newsroomColumnTitle, footer.newsroomLinks),
    ],
    finePrint: footer.finePrint,
  };
}
