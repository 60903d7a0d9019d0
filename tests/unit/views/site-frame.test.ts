import { describe, expect, it } from 'vitest';
import { single } from '../../../src/lib/content/index.ts';
import { siteFooterView, siteHeaderView } from '../../../src/lib/views/site-frame.ts';
import { schoolPage, without } from './school-pages.ts';

describe('siteHeaderView', () => {
  it('links the logo home and builds each nav link under the school', async () => {
    const { site } = await schoolPage();
    const header = siteHeaderView(site, `/${site.seoSlug}`);
    expect(header.homeHref).toBe(`/${site.seoSlug}`);
    expect(header.logoAlt).toBe(`${site.tenant.name} home`);
    const nav = single(site.content, 'headerNav');
    expect(header.links.map((item) => item.label)).toEqual(nav?.links.map((item) => item.label));
    const student = header.links.find((item) => item.link.href === `/${site.seoSlug}/student`);
    expect(student).toMatchObject({ link: { kind: 'internal' }, current: false });
  });

  it('marks the link of the page being shown as current, and only that one', async () => {
    const { site } = await schoolPage();
    const header = siteHeaderView(site, `/${site.seoSlug}/student`);
    expect(header.links.filter((item) => item.current).map((item) => item.link.href)).toEqual([
      `/${site.seoSlug}/student`,
    ]);
  });

  it('gives every page of a school the same header and footer, resolved once; only the current link differs', async () => {
    const { site } = await schoolPage();
    const home = siteHeaderView(site, `/${site.seoSlug}`);
    const student = siteHeaderView(site, `/${site.seoSlug}/student`);
    expect(student.links.map((item) => item.link)).toEqual(home.links.map((item) => item.link));
    expect(student.links[0]?.link).toBe(home.links[0]?.link);
    const studentLink = (header: typeof home) =>
      header.links.find((item) => item.link.href === `/${site.seoSlug}/student`);
    expect([studentLink(home)?.current, studentLink(student)?.current]).toEqual([false, true]);
    expect(siteFooterView(site)).toBe(siteFooterView(site));
  });

  it('offers sign-in with the three portals, and no sign-in without the login modal or the nav', async () => {
    const props = await schoolPage();
    const signIn = siteHeaderView(props.site, '/x').signIn;
    const modal = single(props.site.content, 'loginModal');
    expect(signIn?.title).toBe(single(props.site.content, 'headerNav')?.signInButtonText);
    expect(signIn?.question).toBe(modal?.questionHeader);
    expect(signIn?.portals.map((portal) => portal.text)).toEqual([
      modal?.fanButtonText,
      modal?.studentButtonText,
      modal?.facultyButtonText,
    ]);
    expect(signIn?.portals.every((portal) => portal.link.kind === 'external')).toBe(true);
    expect(siteHeaderView(without(props, 'loginModal').site, '/x').signIn).toBeUndefined();
    const noNav = siteHeaderView(without(props, 'headerNav').site, '/x');
    expect(noNav.signIn).toBeUndefined();
    expect(noNav.links).toEqual([]);
  });
});

describe('siteFooterView', () => {
  it('gives the four columns in order with the links content names', async () => {
    const { site } = await schoolPage();
    const footer = siteFooterView(site);
    const doc = single(site.content, 'footer');
    expect(footer?.columns.map((column) => column.title)).toEqual([
      doc?.pageColumnTitle,
      doc?.supportColumnTitle,
      doc?.legalColumnTitle,
      doc?.newsroomColumnTitle,
    ]);
    expect(footer?.columns[0]?.links.map((item) => item.name)).toEqual(
      doc?.pageLinks.map((item) => item.pageName),
    );
    expect(footer?.finePrint).toBe(doc?.finePrint);
    expect(footer?.homeHref).toBe(`/${site.seoSlug}`);
    expect(footer?.socials.map((icon) => icon.network)).toEqual(
      doc?.socialMediaIcons.map((icon) => icon.network),
    );
  });

  it('leaves out a link whose address is not safe, keeping the rest of its column', async () => {
    const props = await schoolPage();
    const doc = single(props.site.content, 'footer');
    if (!doc) throw new Error('bundled school has no footer');
    const pageLinks = [
      { pageName: 'Bad', externalPagePath: 'javascript:alert(1)' },
      ...doc.pageLinks,
    ];
    const site = {
      ...props.site,
      content: {
        ...props.site.content,
        documents: { ...props.site.content.documents, footer: [{ ...doc, pageLinks }] },
      },
    };
    const names = siteFooterView(site)?.columns[0]?.links.map((item) => item.name);
    expect(names).not.toContain('Bad');
    expect(names).toEqual(doc.pageLinks.map((item) => item.pageName));
  });

  it('is absent when the school has no footer document', async () => {
    expect(siteFooterView(without(await schoolPage(), 'footer').site)).toBeUndefined();
  });
});
