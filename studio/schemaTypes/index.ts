/**
 * Every content type the site reads. To add a field: add it here (the type's file) and to the
 * matching zod schema in src/lib/content/schemas.ts; studio/tests fails until both have it.
 */
import type { DocumentDefinition } from 'sanity';
import { footer, headerNav, loginModal } from './chrome.ts';
import { giveawayClosed, giveawayConfirmation, giveawayForm, giveawaysBanner } from './giveaway.ts';
import {
  choosePlans,
  faqs,
  howItWorks,
  landingHeader,
  landingPerks,
  missionRows,
  partnerBanner,
  pillar,
  planChoice,
} from './landing.ts';
import { coverageMapPage, internationalDialing, pressRelease } from './pages.ts';
import {
  broadbandFacts,
  perkSection,
  planCard,
  planCards,
  planPageHeader,
  switchSection,
} from './plans.ts';
import { school, siteSettings } from './site.ts';
import { givebackFunds, howItWorksMath, whyHero, whyPerks, whyPlans } from './why.ts';

/** A school's documents as editors find them in the school's folder: by page, top to bottom. */
export const SCHOOL_DOCUMENT_GROUPS: { title: string; types: DocumentDefinition[] }[] = [
  {
    title: 'Landing page',
    types: [landingHeader, partnerBanner, landingPerks, howItWorks, choosePlans, missionRows, faqs],
  },
  {
    title: 'Plan pages',
    types: [planPageHeader, planCards, broadbandFacts, perkSection, giveawaysBanner, switchSection],
  },
  { title: 'Why page', types: [whyHero, givebackFunds, howItWorksMath, whyPerks, whyPlans] },
  { title: 'Giveaway pages', types: [giveawayForm, giveawayConfirmation, giveawayClosed] },
  { title: 'Other pages', types: [coverageMapPage, pressRelease, internationalDialing] },
  { title: 'On every page', types: [headerNav, loginModal, footer] },
];

export const SCHOOL_DOCUMENT_TYPES = SCHOOL_DOCUMENT_GROUPS.flatMap((group) => group.types);

/** Site-wide documents of which there is exactly one. */
export const SINGLETON_TYPES = ['siteSettings'];

export const schemaTypes = [
  school,
  siteSettings,
  ...SCHOOL_DOCUMENT_TYPES,
  planChoice,
  pillar,
  planCard,
];
