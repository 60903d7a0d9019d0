/**
 * The giveaway pages (docs/behaviour.md §2, §8): the entry form of an open event, the confirmation page
 * and the closed page; and the giveaways banner of the plan pages. Which giveaway is current,
 * and whether its enter button shows, was decided when the matrix was built.
 */
import { publicApiBase } from '../config/env.ts';
import { single } from '../content/index.ts';
import type { TenantDocuments } from '../content/schemas.ts';
import { confirmationProps, entryFormProps } from '../giveaway/island-props.ts';
import { schoolLink } from '../links/classify.ts';
import { fieldEdit, type FieldEdit } from './edit-target.ts';
import { schoolLayout, when, type ViewProps } from './school-page.ts';

type SchoolPageProps = ViewProps;

/** The giveaways banner: its enter button goes to the giveaway route, unless the event hides it. */
export function giveawaysBanner(props: SchoolPageProps) {
  const { site } = props;
  return when(single(site.content, 'giveawaysBanner'), (banner) => ({
    banner,
    edit: fieldEdit(props, banner),
    enterHref: site.giveaway.showEnterButton ? site.giveaway.route : undefined,
  }));
}

/** The id of the heading that names the entry form (the form is labelled by it). */
export const ENTRY_FORM_TITLE_ID = 'giveaway-form-title';

/** `apiBase`: where the form posts entries (the product API as the browser sees it). */
export function giveawayEntryView(
  props: SchoolPageProps & { eventGUID: string },
  apiBase = publicApiBase(),
) {
  return {
    layout: schoolLayout(props, 'giveaway-entry'),
    entry: when(single(props.site.content, 'giveawayForm'), (doc) => ({
      doc,
      edit: fieldEdit(props, doc),
      titleId: ENTRY_FORM_TITLE_ID,
      form: entryFormProps({
        doc,
        eventGUID: props.eventGUID,
        apiBase,
        seoSlug: props.site.seoSlug,
        titleId: ENTRY_FORM_TITLE_ID,
      }),
    })),
  };
}

export function giveawayClosedView(props: SchoolPageProps) {
  const content = props.site.content;
  return {
    layout: schoolLayout(props, 'giveaway-closed'),
    closed: when(single(content, 'giveawayClosed'), (doc) => ({
      doc,
      edit: fieldEdit(props, doc, { title: 'endedHeader', subtitle: 'sorrySubheader' }),
      whyEdit: fieldEdit(props, single(content, 'giveawayConfirmation'))?.('whyButtonText'),
      seoSlug: props.site.seoSlug,
      // The why link's text comes from the confirmation content, so the page is not a dead end.
      whyButtonText: single(content, 'giveawayConfirmation')?.whyButtonText,
    })),
  };
}

/** What the confirmation page shows when reached directly: the open giveaway, the closed texts, or its name. */
export type CurrentGiveaway =
  | {
      kind: 'open';
      title: string;
      lead: string;
      enter?: { text: string; href: string } | undefined;
      edits?: CurrentEdits;
    }
  | { kind: 'closed'; title: string; leads: [string, string]; edits?: CurrentEdits }
  | { kind: 'none'; title: string; edits?: CurrentEdits };

/** Draft mode only: the `data-sanity` of each text the current giveaway shows. */
export interface CurrentEdits {
  title?: string | undefined;
  lead?: string | undefined;
  leads?: [string | undefined, string | undefined];
  enter?: string | undefined;
}

function currentGiveaway(props: SchoolPageProps): CurrentGiveaway {
  const { site } = props;
  const form = single(site.content, 'giveawayForm');
  const closed = single(site.content, 'giveawayClosed');
  if (site.giveaway.open && form) {
    const banner = single(site.content, 'giveawaysBanner');
    const enterText = banner?.enterButtonText ?? form.enterButtonText;
    const enter =
      site.giveaway.showEnterButton && enterText
        ? { text: enterText, href: site.giveaway.route }
        : undefined;
    const edit = fieldEdit(props, form);
    const edits = edit && {
      title: edit('winHeader'),
      lead: edit('enterByText'),
      enter: banner ? fieldEdit(props, banner)?.('enterButtonText') : edit('enterButtonText'),
    };
    return {
      kind: 'open',
      title: form.winHeader,
      lead: form.enterByText,
      enter,
      ...(edits ? { edits } : {}),
    };
  }
  if (closed) {
    const edit = fieldEdit(props, closed);
    const edits: CurrentEdits | undefined = edit && {
      title: edit('endedHeader'),
      leads: [edit('sorrySubheader'), edit('checkText')],
    };
    return {
      kind: 'closed',
      title: closed.endedHeader,
      leads: [closed.sorrySubheader, closed.checkText],
      ...(edits ? { edits } : {}),
    };
  }
  return { kind: 'none', title: `${site.tenant.name} Giveaway` };
}

function confirmation(props: SchoolPageProps, doc: TenantDocuments['giveawayConfirmation']) {
  const { site } = props;
  const banner = single(site.content, 'giveawaysBanner');
  const form = single(site.content, 'giveawayForm');
  const whyLink = schoolLink(site.seoSlug, 'why');
  return {
    outcome: confirmationProps(doc, site.seoSlug, site.tenant.name, site.giveaway),
    eyebrow: banner?.capitalHeader,
    edits: confirmationEdits(props, doc, banner),
    current: currentGiveaway(props),
    learnMore: whyLink && {
      text: banner?.exclusiveAccessText,
      link: whyLink,
      buttonText: doc.whyButtonText,
    },
    prizes: when(form, (doc) => ({
      header: doc.premiumGiveawayHeader,
      icons: doc.giveawayIcons,
      edit: fieldEdit(props, doc, { header: 'premiumGiveawayHeader', icons: 'giveawayIcons' }),
    })),
  };
}

/** Draft mode only: the confirmation page's own texts (the banner's eyebrow and why text, the why button). */
function confirmationEdits(
  props: SchoolPageProps,
  doc: TenantDocuments['giveawayConfirmation'],
  banner: TenantDocuments['giveawaysBanner'] | undefined,
) {
  const bannerEdit: FieldEdit | undefined = fieldEdit(props, banner);
  const edit = fieldEdit(props, doc);
  return (
    edit && {
      eyebrow: bannerEdit?.('capitalHeader'),
      learnText: bannerEdit?.('exclusiveAccessText'),
      learnButton: edit('whyButtonText'),
    }
  );
}

export function giveawayConfirmationView(props: SchoolPageProps) {
  return {
    layout: schoolLayout(props, 'giveaway-confirmation'),
    confirmation: when(single(props.site.content, 'giveawayConfirmation'), (doc) =>
      confirmation(props, doc),
    ),
  };
}
