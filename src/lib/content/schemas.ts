/**
 * zod schemas for every content document type. Raw documents (as the content
 * service or the bundled export returns them) are parsed here before any page
 * sees them; a document that fails is reported and its section left out.
 */
import { z } from 'zod';
import { SLUG_FORM, seoSlugReservedProblem } from '../route-table/legacy-aliases.ts';
import { SIX_DIGIT_HEX_COLOUR } from '../theme/hex-colour.ts';
import { DEFAULT_SCHOOL_STATUS, SCHOOL_STATUSES, successorProblem } from '../schools/lifecycle.ts';

const text = z.string().trim().min(1);
const optionalText = z.string().optional();
/** A web address: http(s) only (a `javascript:` URL is a valid URL, but never a page to send people to). */
const webUrl = z.url({ protocol: /^https?$/ });

/** The part of the image an editor kept (fractions cut from each side). */
const cropSchema = z.object({
  top: z.number(),
  bottom: z.number(),
  left: z.number(),
  right: z.number(),
});
/** The point an editor marked as the image's focus (fractions of the whole image). */
const hotspotSchema = z.object({
  x: z.number(),
  y: z.number(),
  height: z.number(),
  width: z.number(),
});

const imageFields = {
  _type: z.literal('image').optional(),
  asset: z.object({ _ref: z.string() }).optional(),
  _sanityAsset: z.string().optional(),
  // Kept whole so the image URL builder applies the editor's crop and hotspot.
  crop: cropSchema.optional(),
  hotspot: hotspotSchema.optional(),
};
const hasAsset = (image: {
  asset?: { _ref: string } | undefined;
  _sanityAsset?: string | undefined;
}) => Boolean(image.asset?._ref || image._sanityAsset);

/** An image field: `asset._ref` from Sanity, `_sanityAsset` from an export file. Decorative: alt text optional. */
export const imageSchema = z
  .object({ ...imageFields, alt: optionalText })
  .refine(hasAsset, 'image has no asset');

/** An image that carries meaning: its alt text is required. */
export const meaningfulImageSchema = z
  .object({ ...imageFields, alt: text })
  .refine(hasAsset, 'image has no asset');

/** A named brand colour, e.g. { name: 'Berkeley Blue', hex: '#003262' }. */
export const brandColourSchema = z.object({
  name: text,
  hex: z.string().regex(SIX_DIGIT_HEX_COLOUR, 'colour must be a #rrggbb hex value'),
});

/** An address a page may embed or link to: absolute https only. */
const httpsUrl = z.url({ protocol: /^https$/, error: 'must be an absolute https:// address' });

export const customerTypeSchema = z.enum(['fan', 'student', 'faculty']);
/** The plan pages' customer types, in the order the landing page offers them. */
export const CUSTOMER_TYPES = customerTypeSchema.options;

/** A school's document points at its `school` document (by document id). */
export const schoolReferenceSchema = z.object({
  _type: z.literal('reference').optional(),
  _ref: z.string().min(1),
});

/**
 * A school's document as the pages read it: resolved against its product document
 * (inheritance/), so it names its school and has every value, inherited or its own. `ownedLists`
 * (the lists the school owns whole, inheritance/paths.ts) is applied by the resolution, never
 * read by a page; a document read alone (no product document) may still carry it.
 */
const tenantDoc = {
  _id: z.string(),
  school: schoolReferenceSchema,
  ownedLists: z.array(z.string()).optional(),
};
/** An array item's key, kept so the editors' preview can name the item (`field[_key=="…"]`). */
const keyed = { _key: z.string().optional() };

/** The school registry: one per school, not tied to a tenant document. */
/** The successor rule of schools/lifecycle.ts, on the field editors see it under. */
function checkSuccessor(
  school: Parameters<typeof successorProblem>[0],
  context: z.RefinementCtx,
): void {
  const problem = successorProblem(school);
  if (problem) context.addIssue({ code: 'custom', path: ['successor'], message: problem });
}

export const schoolSchema = z
  .object({
    _id: z.string(),
    _type: z.literal('school'),
    key: text,
    seoSlug: z
      .string()
      .regex(SLUG_FORM, 'seo slug must be lower-case words joined by hyphens')
      .superRefine((slug, context) => {
        const problem = seoSlugReservedProblem(slug);
        if (problem) context.addIssue({ code: 'custom', message: problem });
      }),
    /**
     * Old first path segments that redirect to the school. Each is held to the one legacy-alias rule
     * (route-table/legacy-aliases.ts: slug form, not a segment the site serves, unique across every
     * school's address and aliases) by groupContent, which reports a broken alias and leaves it out
     * of _redirects instead of failing the school.
     */
    legacyAliases: z.array(z.string()).default([]),
    giveawayEntryRedirect: z.boolean().default(true),
    baseName: text,
    schoolShort: text,
    mascotNation: text,
    /** The mascot, one and many ("Husky", "Huskies"): product text's `{mascot}` and `{mascotPlural}`. */
    mascot: optionalText,
    mascotPlural: optionalText,
    schoolName: text,
    favicon: imageSchema,
    logo: imageSchema,
    /** Where the school is, as the school search cards show it ("Seattle", "Washington"). */
    city: optionalText,
    state: optionalText,
    /** The school's brand colours: the theme uses them when the tenant record has none; the search cards show them. */
    primaryColor: brandColourSchema.optional(),
    secondaryColor: brandColourSchema.optional(),
    /** Where the school is in its lifecycle (schools/lifecycle.ts); documents without one are live. */
    status: z.enum(SCHOOL_STATUSES).default(DEFAULT_SCHOOL_STATUS),
    /** A retired school's successor: its old addresses go to that school's home instead of the main site. */
    successor: schoolReferenceSchema.optional(),
    /** The key of the school this one was made from (`npm run school:new`, the Studio's New school): the content check lists that school's text still in it. */
    templateSchool: optionalText,
  })
  .superRefine(checkSuccessor);

/**
 * A retired school needs only what its redirects use: its addresses and its successor. The rest of
 * its document may be gone or out of date; nothing of it is published.
 */
export const retiredSchoolSchema = z
  .object({
    _id: z.string(),
    _type: z.literal('school'),
    key: text,
    seoSlug: schoolSchema.shape.seoSlug,
    legacyAliases: z.array(text).default([]),
    status: z.literal('retired'),
    successor: schoolReferenceSchema.optional(),
  })
  .superRefine(checkSuccessor);

export const siteSettingsSchema = z.object({
  _id: z.string(),
  _type: z.literal('siteSettings'),
  productName: text,
  carrierLine: text,
  activeGiveawayIds: z.array(text).min(1),
  hiddenEnterGiveawayIds: z.array(text),
  /** The carrier coverage map to embed on every coverage page (a school's coverageMapPage may override it); none: the page shows its own map panel. */
  coverageMapUrl: httpsUrl.optional(),
  /** The carrier's full coverage map, opened in a new tab from the coverage page (overridable per school too). */
  coverageMapLink: httpsUrl.optional(),
  mainSiteUrl: webUrl,
});

export const landingHeaderSchema = z.object({
  ...tenantDoc,
  _type: z.literal('landingHeader'),
  title: text,
  subtitle: text,
  tmoHeader: optionalText,
  heroImage: meaningfulImageSchema,
  ctaText: optionalText,
  ctaFragment: optionalText,
});

export const partnerBannerSchema = z.object({
  ...tenantDoc,
  _type: z.literal('partnerBanner'),
  bannerNumber: z.union([z.literal(1), z.literal(2)]),
  backgroundColor: optionalText,
  collegeName: text,
  banner: imageSchema,
  bannerUrl: optionalText,
});

export const landingPerksSchema = z.object({
  ...tenantDoc,
  _type: z.literal('landingPerks'),
  title: text,
  subtitle: optionalText,
  perks: z
    .array(z.object({ ...keyed, perkIcon: imageSchema, perkTitle: text, subText: text }))
    .min(1),
});

export const howItWorksSchema = z.object({
  ...tenantDoc,
  _type: z.literal('howItWorks'),
  title: text,
  subHeader: optionalText,
  subtitle: optionalText,
  stepCards: z
    .array(
      z.object({
        ...keyed,
        stepNum: text,
        stepHeader: text,
        subText: text,
        coverageLinkText: optionalText,
      }),
    )
    .min(1),
});

const planChoice = z.object({ PlanTitle: text, PlanSubtitle: text, PlanButtonText: text });

export const choosePlansSchema = z.object({
  ...tenantDoc,
  _type: z.literal('choosePlans'),
  title: text,
  subHeader: optionalText,
  tmoSmallHeader: optionalText,
  fan: planChoice,
  student: planChoice,
  faculty: planChoice,
});

const pillar = z.object({ ...keyed, title: text, subHeader: text });

export const missionRowsSchema = z.object({
  ...tenantDoc,
  _type: z.literal('missionRows'),
  title: text,
  missionSubtitle: optionalText,
  subHeaderTag: optionalText,
  missionPillars: z.array(pillar).min(1),
});

export const faqsSchema = z.object({
  ...tenantDoc,
  _type: z.literal('faqs'),
  title: text,
  subHeader: optionalText,
  seeMoreButtonText: text,
  seeMoreButtonLink: text,
  supportButtonText: text,
  supportButtonLink: text,
  faqs: z.array(z.object({ ...keyed, question: text, answer: text })).min(1),
});

export const planPageHeaderSchema = z.object({
  ...tenantDoc,
  _type: z.literal('planPageHeader'),
  customerType: customerTypeSchema,
  header: text,
  tmoSubHeader: text,
  finePrint: text,
  givebackHeader: text,
  whyUsButtonText: text,
  whyUsPagePath: text,
  termsLine: optionalText,
});

export const planBulletSchema = z.object({
  ...keyed,
  boldedText: optionalText,
  bodyText: optionalText,
  linkText: optionalText,
  linkPagePath: optionalText,
});

export const planCardSchema = z.object({
  ...keyed,
  planLabel: text,
  price: optionalText,
  salePrice: optionalText,
  strikePrice: optionalText,
  perTime: text,
  taxesIncluded: text,
  planTagline: text,
  planDescription: optionalText,
  planButtonText: text,
  planButtonLink: text,
  broadbandButtonText: text,
  planBullets: z.array(planBulletSchema).default([]),
});

export const planCardsSchema = z.object({
  ...tenantDoc,
  _type: z.literal('planCards'),
  customerType: customerTypeSchema,
  plans: z.array(planCardSchema).min(1),
});

const labelled = z.object({ ...keyed, label: text, description: optionalText });

export const broadbandFactsSchema = z.object({
  ...tenantDoc,
  _type: z.literal('broadbandFacts'),
  /** Which plan's label (1–9) and the order labels are listed in: its product document is `product-broadbandFacts-<order>`. */
  order: z.number(),
  header: text,
  provider: text,
  planName: text,
  planLabel: text,
  disclosureSubtitle: text,
  timePriceLabel: text,
  planPrice: text,
  isIntroductoryRate: text,
  requiresContract: text,
  additionalCharges: z.array(labelled).default([]),
  discounts: z.array(labelled).default([]),
  speeds: z.array(z.object({ ...keyed, label: text, speedRange: text })).default([]),
  dataLabel: text,
  countGB: text,
  additionalUsageLabel: text,
  additionalUsagePrice: text,
  policy: z.array(z.object({ ...keyed, title: text, linkText: text, link: text })).default([]),
  supportLabel: text,
  supportNumber: text,
  intercomWebsiteLabel: text,
  intercomLinkText: text,
  intercomLink: text,
  fccMiniLabel: text,
  uniquePlanId: text,
});

export const perkSectionSchema = z.object({
  ...tenantDoc,
  _type: z.literal('perkSection'),
  title: text,
  subtitle: optionalText,
  perks: z
    .array(z.object({ ...keyed, perkTitle: text, perkIcon: imageSchema, subText: optionalText }))
    .min(1),
});

export const switchSectionSchema = z.object({
  ...tenantDoc,
  _type: z.literal('switchSection'),
  header: text,
  missionPillars: z.array(pillar).min(1),
});

export const whyHeroSchema = z.object({
  ...tenantDoc,
  _type: z.literal('whyHero'),
  title: text,
  subtitle: text,
  bodyParagraphs: z.array(text).default([]),
  image: meaningfulImageSchema,
});

export const givebackFundsSchema = z.object({
  ...tenantDoc,
  _type: z.literal('givebackFunds'),
  title: text,
  subHeader: optionalText,
  leadingText: optionalText,
  funds: z
    .array(z.object({ ...keyed, fundName: text, fundMotto: optionalText, fundDescription: text }))
    .min(1),
});

export const howItWorksMathSchema = z.object({
  ...tenantDoc,
  _type: z.literal('howItWorksMath'),
  title: text,
  subtitle: optionalText,
  steps: z.array(z.object({ ...keyed, money: text, label: text })).min(1),
  disclaimer: optionalText,
  linkUrl: optionalText,
  linkText: optionalText,
  trailingText: optionalText,
});

export const whyPerksSchema = z.object({
  ...tenantDoc,
  _type: z.literal('whyPerks'),
  title: text,
  perk1Title: text,
  perk1Text: text,
  perk2Title: text,
  perk2Text: text,
  perk3Title: text,
  perk3Text: text,
});

export const whyPlansSchema = z.object({
  ...tenantDoc,
  _type: z.literal('whyPlans'),
  title: text,
  subHeader: optionalText,
  fan: planChoice,
  student: planChoice,
  faculty: planChoice,
});

export const giveawayFormSchema = z.object({
  ...tenantDoc,
  _type: z.literal('giveawayForm'),
  guid: text,
  winHeader: text,
  enterByText: text,
  premiumGiveawayHeader: text,
  giveawayIcons: z.array(z.object({ ...keyed, icon: imageSchema, iconCaption: text })).default([]),
  formTitle: text,
  nameRequiredError: text,
  validEmailError: text,
  stateRequiredError: text,
  phoneRequiredError: text,
  agreeToTermsError: text,
  termsContent: z
    .array(
      z.object({
        ...keyed,
        leadingText: optionalText,
        termsUrl: text,
        termsText: text,
        trailingText: optionalText,
      }),
    )
    .min(1),
  enterButtonText: text,
  finePrintBold: text,
  finePrint: text,
  image: meaningfulImageSchema,
});

export const giveawayConfirmationSchema = z.object({
  ...tenantDoc,
  _type: z.literal('giveawayConfirmation'),
  thanksHeader: text,
  enteredHeader: text,
  dupSubmitError: text,
  phoneEmailError: text,
  learnMore: text,
  whyButtonText: text,
});

export const giveawayClosedSchema = z.object({
  ...tenantDoc,
  _type: z.literal('giveawayClosed'),
  endedHeader: text,
  sorrySubheader: text,
  checkText: text,
});

export const giveawaysBannerSchema = z.object({
  ...tenantDoc,
  _type: z.literal('giveawaysBanner'),
  capitalHeader: text,
  experienceHeader: text,
  exclusiveAccessText: text,
  backgroundImage: imageSchema,
  enterButtonText: text,
});

export const coverageMapPageSchema = z.object({
  ...tenantDoc,
  _type: z.literal('coverageMapPage'),
  header: text,
  zipInstructionText: text,
  mapTitle: optionalText,
  /** Per-school overrides of the site settings' coverage map addresses. */
  coverageMapUrl: httpsUrl.optional(),
  coverageMapLink: httpsUrl.optional(),
});

/** Press release sections are kept loose here: unknown types are reported and skipped by the mapper. */
export const pressSectionSchema = z.object({
  _key: z.string().optional(),
  _type: z.string(),
  text: optionalText,
  items: z.array(z.string()).optional(),
  label: optionalText,
  href: optionalText,
});

export const pressReleaseSchema = z.object({
  ...tenantDoc,
  _type: z.literal('pressRelease'),
  title: optionalText,
  placeholder: optionalText,
  sections: z.array(pressSectionSchema).default([]),
});

export const internationalDialingSchema = z.object({
  ...tenantDoc,
  _type: z.literal('internationalDialing'),
  header: text,
  bodyParagraphs: z.array(text).default([]),
  featureTitleLabel: text,
  featureBullets: z.array(text).default([]),
  countryRatesLink: text,
  seeRatesButtonText: text,
  disclaimerFinePrintLabel: text,
  disclaimerFinePrint: text,
});

/** A header link: `pagePath` is a site page path (built as /{school}/{path}) or an in-page `#anchor`; `externalUrl` opens in a new tab. */
export const navLinkSchema = z.object({
  ...keyed,
  label: text,
  pagePath: optionalText,
  externalUrl: optionalText,
});

export const headerNavSchema = z.object({
  ...tenantDoc,
  _type: z.literal('headerNav'),
  links: z.array(navLinkSchema).min(1),
  signInButtonText: text,
  mobileBrandQuestion: text,
});

/** A footer link: internal (`internalPagePath`, built under the school), external (`externalPagePath`, new tab) or plain (`pagePath`, used as is). */
export const footerLinkSchema = z.object({
  ...keyed,
  pageName: text,
  internalPagePath: optionalText,
  externalPagePath: optionalText,
  pagePath: optionalText,
});

export const footerSchema = z.object({
  ...tenantDoc,
  _type: z.literal('footer'),
  collegeLogo: imageSchema,
  socialMediaIcons: z
    .array(z.object({ ...keyed, network: text, socialUrl: text, appIcon: imageSchema }))
    .default([]),
  pageColumnTitle: text,
  pageLinks: z.array(footerLinkSchema).default([]),
  supportColumnTitle: text,
  supportLinks: z.array(footerLinkSchema).default([]),
  legalColumnTitle: text,
  legalLinks: z.array(footerLinkSchema).default([]),
  newsroomColumnTitle: text,
  newsroomLinks: z.array(footerLinkSchema).default([]),
  finePrint: text,
});

export const loginModalSchema = z.object({
  ...tenantDoc,
  _type: z.literal('loginModal'),
  questionHeader: text,
  fanPortalLink: text,
  fanButtonText: text,
  studentPortalLink: text,
  studentButtonText: text,
  facultyPortalLink: text,
  facultyButtonText: text,
  closeText: text,
  favicon: imageSchema.optional(),
});

/** Every per-school document type: one document per school, except where noted in `MULTI_DOCUMENT_TYPES`. */
export const tenantDocumentSchemas = {
  landingHeader: landingHeaderSchema,
  partnerBanner: partnerBannerSchema,
  landingPerks: landingPerksSchema,
  howItWorks: howItWorksSchema,
  choosePlans: choosePlansSchema,
  missionRows: missionRowsSchema,
  faqs: faqsSchema,
  planPageHeader: planPageHeaderSchema,
  planCards: planCardsSchema,
  broadbandFacts: broadbandFactsSchema,
  perkSection: perkSectionSchema,
  switchSection: switchSectionSchema,
  whyHero: whyHeroSchema,
  givebackFunds: givebackFundsSchema,
  howItWorksMath: howItWorksMathSchema,
  whyPerks: whyPerksSchema,
  whyPlans: whyPlansSchema,
  giveawayForm: giveawayFormSchema,
  giveawayConfirmation: giveawayConfirmationSchema,
  giveawayClosed: giveawayClosedSchema,
  giveawaysBanner: giveawaysBannerSchema,
  coverageMapPage: coverageMapPageSchema,
  pressRelease: pressReleaseSchema,
  internationalDialing: internationalDialingSchema,
  headerNav: headerNavSchema,
  footer: footerSchema,
  loginModal: loginModalSchema,
} as const;

export type TenantDocumentType = keyof typeof tenantDocumentSchemas;
export const TENANT_DOCUMENT_TYPES = Object.keys(tenantDocumentSchemas) as TenantDocumentType[];

/** Types a school has several of: partner banners (1 and 2), plan headers and cards (per customer type), broadband facts (one per plan). */
export const MULTI_DOCUMENT_TYPES: ReadonlySet<TenantDocumentType> = new Set([
  'partnerBanner',
  'planPageHeader',
  'planCards',
  'broadbandFacts',
]);

export type TenantDocuments = {
  [K in TenantDocumentType]: z.infer<(typeof tenantDocumentSchemas)[K]>;
};
export type School = z.infer<typeof schoolSchema>;
export type RetiredSchoolDocument = z.infer<typeof retiredSchoolSchema>;
export type SiteSettings = z.infer<typeof siteSettingsSchema>;
export type RawImage = z.infer<typeof imageSchema>;
export type CustomerType = z.infer<typeof customerTypeSchema>;
