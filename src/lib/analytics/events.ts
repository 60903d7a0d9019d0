/**
 * Every analytics event name of docs/behaviour.md §7, in one place. Markup carries them as
 * `data-analytics="..."` on the clicked element; the analytics island sends them.
 */
export const ANALYTICS_EVENTS = {
  landingSeeMoreFaqs: 'landingpage.seemorefaqs',
  landingVisitSupport: 'landingpage.visitsupport',
  landingFaqExpand: (n: number) => `landingpage.faq${n}expand`,
  studentPlansWhy: 'studentplans.why',
  facultyPlansWhy: 'facultyplans.why',
  fanPlansWhy: 'fanplans.why',
  whyFanPlans: 'why.fanplans',
  whyStudentPlans: 'why.studentplans',
  whyFacultyPlans: 'why.facultyplans',
  headerSignIn: 'header.signin',
  footerLink: (pageName: string) => `footer.${pageName.toLowerCase()}`,
  footerInstagram: 'footer.instagram',
} as const;

/** The why-us button's event on each plan page. */
export const PLAN_PAGE_WHY_EVENT = {
  student: ANALYTICS_EVENTS.studentPlansWhy,
  faculty: ANALYTICS_EVENTS.facultyPlansWhy,
  fan: ANALYTICS_EVENTS.fanPlansWhy,
} as const;

/** The why page's choose-plans buttons. */
export const WHY_PAGE_PLAN_EVENT = {
  fan: ANALYTICS_EVENTS.whyFanPlans,
  student: ANALYTICS_EVENTS.whyStudentPlans,
  faculty: ANALYTICS_EVENTS.whyFacultyPlans,
} as const;

/** docs/behaviour.md §9 batching defaults. */
export const ANALYTICS_BATCH = { size: 10, flushMs: 5000, maxRetries: 10 } as const;
