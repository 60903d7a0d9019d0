/**
 * What the Studio's inheritance panels say (InheritancePanels.tsx), in one place: docs/editors.md
 * quotes the buttons and badges, and the tests find the panels by these words.
 */
const schools = (count: number) => `${count} school${count === 1 ? '' : 's'}`;
const items = (count: number) => `${count} item${count === 1 ? '' : 's'}`;

export const WORDS = {
  // A school's document.
  inherited: 'Inherited',
  overridden: 'Overridden',
  override: 'Override for this school',
  reset: "Reset to the product's value",
  inheritedFrom: "The product's value, with this school's names:",
  inheritedEmpty:
    'The product leaves this empty: the page shows nothing here unless this school writes it.',
  overriddenFrom: "This school's value replaces the product's. Reset brings the product's back:",
  nothing: '(empty)',
  picture: (name: string) => `Picture: ${name}`,
  inheritedLabel: (field: string) => `${field}: inherited from the product`,
  overriddenLabel: (field: string) => `${field}: overridden for this school`,
  listInherited: (total: number) =>
    `The product's ${items(total)}, each field inherited on its own (override lists them here):`,
  listListed: (total: number) =>
    `The product's ${items(total)}, listed here: each field is inherited until it is overridden:`,
  listOverridden: (changed: number, total: number) =>
    `${changed} of the product's ${items(total)} override fields for this school; every other field shows the product's:`,
  listOthers: (missing: number) => `List the product's other ${items(missing)}`,
  owned: "This school's list",
  ownedText:
    "This school owns this list whole (Lists this school owns): it shows these items, not the product's.",
  ownedLabel: (field: string) => `${field}: owned by this school`,

  // A product document.
  sharedBy: (count: number, partial = false) =>
    `Shared by ${partial ? 'at most ' : ''}${schools(count)}`,
  noneOverrides: 'No school overrides it.',
  overriddenBy: (count: number, partial = false) =>
    `Overridden by ${partial ? 'at least ' : ''}${schools(count)}:`,
  ownsList: (school: string) => `${school} (owns the list)`,
  showSchools: (count: number) => `Show the ${schools(count)}`,
  overviewLabel: (field: string) => `${field}: the schools that override it`,

  // A product document's field, opened by a click on a school's page in Presentation.
  openedShared: (school: string) =>
    `You are editing the product's text: a change here shows on every school that inherits it, ${school} among them. To change it for ${school} only, override it there.`,
  openedOverridden: (school: string) =>
    `${school} overrides this field: its page shows its own value, not this one.`,
  overrideInstead: (school: string) => `Override for ${school} instead`,
  openSchoolValue: (school: string) => `Open ${school}'s value`,
} as const;
