/**
 * The hard-coded school list of the search page (SPEC §3 "School": name, city, colours):
 * Indiana colleges and universities with their home city and two school colours.
 */
export interface SchoolColour {
  name: string;
  hex: string;
}

export interface SearchSchool {
  name: string;
  city: string;
  colors: [SchoolColour, SchoolColour];
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
  { name: 'Franklin College', city: 'Franklin', colors: [c('Navy', '#002855'), c('Old Gold', '#ffb81c')] },
  { name: 'Goshen College', city: 'Goshen', colors: [c('Maroon', '#7a1f2b'), c('Gold', '#f2a900')] },
  { name: 'Hanover College', city: 'Hanover', colors: [c('Red', '#c8102e'), c('Blue', '#002f6c')] },
  { name: 'Indiana State University', city: 'Terre Haute', colors: [c('Sycamore Blue', '#00669a'), WHITE] },
  { name: 'Indiana University Bloomington', city: 'Bloomington', colors: [c('Crimson', '#990000'), c('Cream', '#eeedeb')] },
  { name: 'Indiana Wesleyan University', city: 'Marion', colors: [c('Crimson', '#a6192e'), BLACK] },
  { name: 'Manchester University', city: 'North Manchester', colors: [BLACK, c('Gold', '#ffc72c')] },
  { name: 'Marian University', city: 'Indianapolis', colors: [c('Blue', '#002f6c'), c('Gold', '#fdb913')] },
  { name: 'Purdue University', city: 'West Lafayette', colors: [c('Old Gold', '#cfb991'), BLACK] },
  { name: 'Purdue University Fort Wayne', city: 'Fort Wayne', colors: [c('Gold', '#cfb991'), c('Royal Blue', '#0033a0')] },
  { name: 'Rose-Hulman Institute of Technology', city: 'Terre Haute', colors: [c('Rose Red', '#a6192e'), WHITE] },
  { name: "Saint Mary's College", city: 'Notre Dame', colors: [c('Blue', '#003865'), WHITE] },
  { name: 'Taylor University', city: 'Upland', colors: [c('Purple', '#4f2d7f'), c('Gold', '#f3b31b')] },
  { name: 'University of Evansville', city: 'Evansville', colors: [c('Purple', '#51237a'), c('Orange', '#f47b20')] },
  { name: 'University of Indianapolis', city: 'Indianapolis', colors: [c('Crimson', '#a6192e'), c('Grey', '#a2aaad')] },
  { name: 'University of Notre Dame', city: 'Notre Dame', colors: [c('Navy', '#0c2340'), c('Gold', '#c99700')] },
  { name: 'University of Southern Indiana', city: 'Evansville', colors: [c('Red', '#d50032'), c('Blue', '#002d72')] },
  { name: 'Valparaiso University', city: 'Valparaiso', colors: [c('Brown', '#613318'), c('Gold', '#ffcc00')] },
  { name: 'Wabash College', city: 'Crawfordsville', colors: [c('Scarlet', '#c8102e'), WHITE] },
];
