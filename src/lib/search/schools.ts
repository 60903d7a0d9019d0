/**
 * The search page's school list (docs/behaviour.md §3 "School": name, city, colours): every school the site
 * serves, from content, then the seed's hard-coded Indiana colleges, which are not served yet
 * and are marked as coming soon.
 */
export interface SchoolColour {
  name: string;
  hex: string;
}

export interface SearchSchool {
  name: string;
  city: string;
  /** Shown after the city; the Indiana seed list leaves it out (it is "Indiana" for all). */
  state?: string | undefined;
  colors: SchoolColour[];
}

export interface SearchCard extends SearchSchool {
  /** The phone service's brand at this school (live schools only), e.g. "Husky Mobile". */
  brand?: string | undefined;
  /** The school's landing page; absent for schools that are coming soon. */
  href?: string | undefined;
  comingSoon: boolean;
}

/** What a served school contributes: its registry document, tenant name and colours. */
export interface ServedSchool {
  seoSlug: string;
  brand: string;
  school: { schoolName: string; city?: string | undefined; state?: string | undefined };
  /** The colours its pages show (theme/school-theme.ts `schoolColours`), so card and pages agree. */
  colours: { primary: SchoolColour; secondary: SchoolColour };
}

/** School names in reading order: case-insensitive, numbers by value ("Campus 2" before "Campus 10"). */
export const compareSchoolNames = new Intl.Collator('en', { numeric: true, sensitivity: 'base' })
  .compare;

/** One card per served school (by name), with the same two colours as the school's pages. */
export function servedSchoolCards(schools: readonly ServedSchool[]): SearchCard[] {
  return schools
    .map(({ seoSlug, brand, school, colours }) => ({
      name: school.schoolName,
      brand,
      city: school.city ?? '',
      state: school.state,
      colors: [colours.primary, colours.secondary],
      href: `/${seoSlug}`,
      comingSoon: false,
    }))
    .sort((a, b) => compareSchoolNames(a.name, b.name));
}

/** Served schools first, then the seed list as coming soon (a seed school that is served is not repeated). */
export function searchCards(
  served: readonly SearchCard[],
  seed: readonly SearchSchool[] = INDIANA_SCHOOLS,
): SearchCard[] {
  const servedNames = new Set(served.map((card) => card.name.toLowerCase()));
  return [
    ...served,
    ...seed
      .filter((school) => !servedNames.has(school.name.toLowerCase()))
      .map((school) => ({ ...school, state: school.state ?? 'Indiana', comingSoon: true })),
  ];
}

const c = (name: string, hex: string): SchoolColour => ({ name, hex });
const BLACK = c('Black', '#000000');
const WHITE = c('White', '#ffffff');

export const INDIANA_SCHOOLS: readonly SearchSchool[] = [
  { name: 'Anderson University', city: 'Anderson', colors: [c('Orange', '#f47a20'), BLACK] },
  { name: 'Ball State University', city: 'Muncie', colors: [c('Cardinal', '#ba0c2f'), WHITE] },
  { name: 'Butler University', city: 'Indianapolis', colors: [c('Butler Blue', '#13294b'), WHITE] },
  { name: 'DePauw University', city: 'Greencastle', colors: [c('Old Gold', '#fdb813'), BLACK] },
  { name: 'Earlham College', city: 'Richmond', colors: [c('Maroon', '#862633'), WHITE] },
  {
    name: 'Franklin College',
    city: 'Franklin',
    colors: [c('Navy', '#002855'), c('Old Gold', '#ffb81c')],
  },
  {
    name: 'Goshen College',
    city: 'Goshen',
    colors: [c('Maroon', '#7a1f2b'), c('Gold', '#f2a900')],
  },
  { name: 'Hanover College', city: 'Hanover', colors: [c('Red', '#c8102e'), c('Blue', '#002f6c')] },
  {
    name: 'Indiana State University',
    city: 'Terre Haute',
    colors: [c('Sycamore Blue', '#00669a'), WHITE],
  },
  {
    name: 'Indiana University Bloomington',
    city: 'Bloomington',
    colors: [c('Crimson', '#990000'), c('Cream', '#eeedeb')],
  },
  { name: 'Indiana Wesleyan University', city: 'Marion', colors: [c('Crimson', '#a6192e'), BLACK] },
  {
    name: 'Manchester University',
    city: 'North Manchester',
    colors: [BLACK, c('Gold', '#ffc72c')],
  },
  {
    name: 'Marian University',
    city: 'Indianapolis',
    colors: [c('Blue', '#002f6c'), c('Gold', '#fdb913')],
  },
  { name: 'Purdue University', city: 'West Lafayette', colors: [c('Old Gold', '#cfb991'), BLACK] },
  {
    name: 'Purdue University Fort Wayne',
    city: 'Fort Wayne',
    colors: [c('Gold', '#cfb991'), c('Royal Blue', '#0033a0')],
  },
  {
    name: 'Rose-Hulman Institute of Technology',
    city: 'Terre Haute',
    colors: [c('Rose Red', '#a6192e'), WHITE],
  },
  { name: "Saint Mary's College", city: 'Notre Dame', colors: [c('Blue', '#003865'), WHITE] },
  {
    name: 'Taylor University',
    city: 'Upland',
    colors: [c('Purple', '#4f2d7f'), c('Gold', '#f3b31b')],
  },
  {
    name: 'University of Evansville',
    city: 'Evansville',
    colors: [c('Purple', '#51237a'), c('Orange', '#f47b20')],
  },
  {
    name: 'University of Indianapolis',
    city: 'Indianapolis',
    colors: [c('Crimson', '#a6192e'), c('Grey', '#a2aaad')],
  },
  {
    name: 'University of Notre Dame',
    city: 'Notre Dame',
    colors: [c('Navy', '#0c2340'), c('Gold', '#c99700')],
  },
  {
    name: 'University of Southern Indiana',
    city: 'Evansville',
    colors: [c('Red', '#d50032'), c('Blue', '#002d72')],
  },
  {
    name: 'Valparaiso University',
    city: 'Valparaiso',
    colors: [c('Brown', '#613318'), c('Gold', '#ffcc00')],
  },
  { name: 'Wabash College', city: 'Crawfordsville', colors: [c('Scarlet', '#c8102e'), WHITE] },
];
