/** The tests' page list (tests/school-pages.ts) follows the route table: every route, parameter pages only where they exist. */
import { describe, expect, it } from 'vitest';
import {
  SCHOOL_ROUTES,
  fixedSchoolPages,
  routeOfSchoolPath,
  schoolPages,
} from '../../school-pages.ts';

const open = {
  seoSlug: 'uw-husky-mobile',
  giveaway: '/uw-husky-mobile/giveaway-entry/053219f6-7cee-4319-a4f1-aab3f833263f',
};
const closed = { seoSlug: 'cubbymobile', giveaway: '/cubbymobile/giveaway-closed' };

describe('the pages the tests walk', () => {
  it('has a page of every route for a school whose giveaway is open, in route-table order', () => {
    expect(schoolPages(open).map((page) => page.route)).toEqual(
      SCHOOL_ROUTES.map((route) => route.name),
    );
    expect(schoolPages(open).find((page) => page.route === 'giveaway-entry')?.path).toBe(
      open.giveaway,
    );
    expect(schoolPages(open)[0]).toEqual({ route: 'landing', path: '/uw-husky-mobile' });
  });

  it('leaves out the entry page of a school whose giveaway is closed, and only that', () => {
    const routes = schoolPages(closed).map((page) => page.route);
    expect(routes).not.toContain('giveaway-entry');
    expect(routes).toHaveLength(SCHOOL_ROUTES.length - 1);
    expect(fixedSchoolPages('cubbymobile').map((page) => page.path)).toContain(
      '/cubbymobile/international-dialing',
    );
  });

  it('tells the route of a path below a school, and no route for a path the table does not have', () => {
    expect(routeOfSchoolPath('')).toBe('landing');
    expect(routeOfSchoolPath('student')).toBe('student');
    expect(routeOfSchoolPath('giveaway-entry/abc')).toBe('giveaway-entry');
    expect(routeOfSchoolPath('fan-plans')).toBeUndefined();
  });
});
