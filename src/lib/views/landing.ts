/** The landing page (docs/behaviour.md §2): hero, partner banner 1, perks, how it works, choose plans, mission, FAQs. */
import { single } from '../content/index.ts';
import { heroCta } from '../landing/sections.ts';
import { fieldEdit } from './edit-target.ts';
import { partnerBanner, schoolLayout, when, type ViewProps } from './school-page.ts';

export function landingView(props: ViewProps) {
  const { site, settings } = props;
  const content = site.content;
  const header = single(content, 'landingHeader');
  const seoSlug = site.seoSlug;
  return {
    layout: schoolLayout(props, 'landing'),
    hero: when(header, (doc) => ({
      header: doc,
      defaultCarrierLine: settings.carrierLine,
      edit: fieldEdit(props, doc),
      // The carrier line is the header's own, else the site settings' (carrierLine in landing/sections.ts).
      carrierEdit: doc.tmoHeader?.trim()
        ? fieldEdit(props, doc)?.('tmoHeader')
        : fieldEdit(props, settings)?.('carrierLine'),
    })),
    partnerBanner: partnerBanner(props, 1),
    perks: when(single(content, 'landingPerks'), (doc) => ({
      title: doc.title,
      subtitle: doc.subtitle,
      perks: doc.perks,
      columns: 5 as const,
      headingId: 'perks-title',
      edit: fieldEdit(props, doc),
    })),
    howItWorks: when(single(content, 'howItWorks'), (doc) => ({
      steps: doc,
      seoSlug,
      edit: fieldEdit(props, doc),
    })),
    // The hero's call to action lands on the choose-plans block.
    choosePlans: when(single(content, 'choosePlans'), (doc) => ({
      plans: doc,
      seoSlug,
      anchorId: heroCta(header ?? {}).anchorId,
      edit: fieldEdit(props, doc),
    })),
    mission: when(single(content, 'missionRows'), (doc) => ({
      title: doc.title,
      subtitle: doc.missionSubtitle,
      tag: doc.subHeaderTag,
      pillars: doc.missionPillars,
      edit: fieldEdit(props, doc, {
        subtitle: 'missionSubtitle',
        tag: 'subHeaderTag',
        pillars: 'missionPillars',
      }),
    })),
    faqs: when(single(content, 'faqs'), (doc) => ({
      faqs: doc,
      seoSlug,
      edit: fieldEdit(props, doc),
    })),
  };
}

export type LandingView = ReturnType<typeof landingView>;
