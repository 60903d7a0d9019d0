/**
 * Where the search page's links lead (docs/behaviour.md §2 and docs/architecture.md, "The school search page"):
 * "Get Started" opens the main site's sign-up with the school named in the query string,
 * "I don't see my school listed." writes to the partnerships team to ask for the school.
 */

/** The team that adds schools; its domain follows the configured main site (www. dropped). */
export function schoolRequestEmail(mainSiteUrl: string): string {
  return `schools@${new URL(mainSiteUrl).hostname.replace(/^www\./, '')}`;
}

export function getStartedHref(mainSiteUrl: string, schoolName: string): string {
  const url = new URL(mainSiteUrl);
  url.searchParams.set('school', schoolName);
  return url.toString();
}

export function requestSchoolHref(mainSiteUrl: string): string {
  const subject = encodeURIComponent('Please add my school');
  const body = encodeURIComponent('My school is: \nCity and state: \n');
  return `mailto:${schoolRequestEmail(mainSiteUrl)}?subject=${subject}&body=${body}`;
}
