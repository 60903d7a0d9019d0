/**
 * The inheritance panels under a field, drawn with the Studio's own UI components: on a school's
 * document what the field inherits or overrides, with **Override for this school** and **Reset to
 * the product's value**; on a product document which schools override the field, and, opened from
 * a school's page in Presentation, that it is shared by N schools with the way to override it for
 * that school instead. No Sanity runtime here (studio.tsx binds them to the form), so the test
 * page draws them too. The words are inheritance-words.ts's.
 */
import { EditIcon } from '@sanity/icons/Edit';
import { ResetIcon } from '@sanity/icons/Reset';
import { Badge, Box, Button, Card, Flex, Stack, Text } from '@sanity/ui';
import { useId, type MouseEventHandler, type ReactNode } from 'react';
import type { KeyedListStatus } from './field-state.ts';
import type { FieldOverview } from './overview.ts';
import type { ShownValue } from './shown-value.ts';
import { WORDS } from './inheritance-words.ts';

const bullets = { margin: 0, paddingLeft: '1.25rem', listStyleType: 'disc' } as const;
const numbers = { margin: 0, paddingLeft: '1.5rem', listStyleType: 'decimal' } as const;
/** A list item keeps its marker (bullet or number): Sanity UI's Text is a block of its own. */
const listItem = { display: 'list-item', overflowWrap: 'anywhere' } as const;
/** Text the editor may need to read whole: long words (addresses) wrap instead of overflowing a phone's width. */
const wrapping = { overflowWrap: 'anywhere' } as const;

/** Lines with a key each: the line itself, and how many times it came before (a list may repeat a line). */
function keyedLines(lines: readonly string[]): Array<{ key: string; line: string }> {
  const seen = new Map<string, number>();
  return lines.map((line) => {
    const count = seen.get(line) ?? 0;
    seen.set(line, count + 1);
    return { key: `${line}#${count}`, line };
  });
}

function Shown({ value }: { value: ShownValue }) {
  switch (value.kind) {
    case 'text':
      return (
        <Text size={1} style={wrapping}>
          {value.text}
        </Text>
      );
    case 'lines':
    case 'items':
      return (
        <Stack
          as={value.kind === 'items' ? 'ol' : 'ul'}
          gap={2}
          style={value.kind === 'items' ? numbers : bullets}
        >
          {keyedLines(value.kind === 'items' ? value.items : value.lines).map(({ key, line }) => (
            <Text as="li" size={1} key={key} style={listItem}>
              {line}
            </Text>
          ))}
        </Stack>
      );
    case 'picture':
      return (
        <Text size={1} style={wrapping}>
          {WORDS.picture(value.name)}
        </Text>
      );
    case 'empty':
      return (
        <Text size={1} muted>
          {WORDS.nothing}
        </Text>
      );
  }
}

/** A panel under one field: a labelled group, so a screen reader names the field it belongs to. */
function Panel({
  label,
  tone,
  children,
}: {
  label: string;
  tone: 'primary' | 'caution' | 'transparent';
  children: ReactNode;
}) {
  return (
    <Card
      role="group"
      aria-label={label}
      tone={tone}
      border
      radius={2}
      padding={3}
      data-inheritance-panel=""
    >
      <Stack gap={3}>{children}</Stack>
    </Card>
  );
}

function StateLine({
  badge,
  tone,
  text,
}: {
  badge: string;
  tone: 'primary' | 'caution' | 'positive';
  text: string;
}) {
  return (
    <Flex gap={2} align="flex-start" wrap="wrap">
      <Badge tone={tone} fontSize={1} paddingX={2} paddingY={1} radius={4}>
        {badge}
      </Badge>
      <Box flex={1} style={{ minWidth: '10rem' }}>
        <Text size={1} muted>
          {text}
        </Text>
      </Box>
    </Flex>
  );
}

export interface SchoolFieldPanelProps {
  /** The field's title, naming the panel for screen readers. */
  fieldTitle: string;
  state: 'inherited' | 'overridden';
  /** The product's value with this school's words. */
  productValue: ShownValue;
  onOverride: () => void;
  onReset: () => void;
}

/** A field of a school's document: inherited (with Override) or overridden (with Reset). */
export function SchoolFieldPanel({
  fieldTitle,
  state,
  productValue,
  onOverride,
  onReset,
}: SchoolFieldPanelProps) {
  if (state === 'inherited')
    return (
      <Panel label={WORDS.inheritedLabel(fieldTitle)} tone="primary">
        <StateLine
          badge={WORDS.inherited}
          tone="primary"
          text={productValue.kind === 'empty' ? WORDS.inheritedEmpty : WORDS.inheritedFrom}
        />
        {productValue.kind !== 'empty' && <Shown value={productValue} />}
        <Flex>
          <Button
            icon={EditIcon}
            mode="ghost"
            fontSize={1}
            padding={3}
            text={WORDS.override}
            onClick={onOverride}
          />
        </Flex>
      </Panel>
    );
  return (
    <Panel label={WORDS.overriddenLabel(fieldTitle)} tone="caution">
      <StateLine badge={WORDS.overridden} tone="caution" text={WORDS.overriddenFrom} />
      <Shown value={productValue} />
      <Flex>
        <Button
          icon={ResetIcon}
          mode="ghost"
          fontSize={1}
          padding={3}
          text={WORDS.reset}
          onClick={onReset}
        />
      </Flex>
    </Panel>
  );
}

export interface SchoolListPanelProps {
  fieldTitle: string;
  /** The product's items (with this school's words) and which the school's list has. */
  list: KeyedListStatus;
  /** The product's items, named. */
  items: string[];
  onOverride: () => void;
  onReset: () => void;
}

/** A keyed list of a school's document: inherited item by item, each field of an item on its own. */
export function SchoolListPanel({
  fieldTitle,
  list,
  items,
  onOverride,
  onReset,
}: SchoolListPanelProps) {
  const total = list.items.length;
  const listed = total - list.missing.length;
  const inherited = list.changed === 0;
  return (
    <Panel
      label={inherited ? WORDS.inheritedLabel(fieldTitle) : WORDS.overriddenLabel(fieldTitle)}
      tone={inherited ? 'primary' : 'caution'}
    >
      <StateLine
        badge={inherited ? WORDS.inherited : WORDS.overridden}
        tone={inherited ? 'primary' : 'caution'}
        text={
          inherited
            ? listed === 0
              ? WORDS.listInherited(total)
              : WORDS.listListed(total)
            : WORDS.listOverridden(list.changed, total)
        }
      />
      <Shown value={{ kind: 'items', items }} />
      <Flex gap={2} wrap="wrap">
        {list.missing.length > 0 && (
          <Button
            icon={EditIcon}
            mode="ghost"
            fontSize={1}
            padding={3}
            text={listed === 0 ? WORDS.override : WORDS.listOthers(list.missing.length)}
            onClick={onOverride}
          />
        )}
        {listed > 0 && (
          <Button
            icon={ResetIcon}
            mode="ghost"
            fontSize={1}
            padding={3}
            text={WORDS.reset}
            onClick={onReset}
          />
        )}
      </Flex>
    </Panel>
  );
}

/** Inside a list the school owns whole: no inheritance here. */
export function OwnedListNote({ fieldTitle }: { fieldTitle: string }) {
  return (
    <Panel label={WORDS.ownedLabel(fieldTitle)} tone="transparent">
      <StateLine badge={WORDS.owned} tone="positive" text={WORDS.ownedText} />
    </Panel>
  );
}

/** How many names a product field lists before folding them. */
const LISTED_OPEN = 8;

function SchoolNames({ overview }: { overview: FieldOverview }) {
  const names = (
    <Stack as="ul" gap={2} style={bullets}>
      {overview.overriding.map((school) => (
        <Text as="li" size={1} key={school.documentId} style={listItem}>
          {school.owns ? WORDS.ownsList(school.name) : school.name}
        </Text>
      ))}
    </Stack>
  );
  if (overview.overriding.length <= LISTED_OPEN) return names;
  return (
    <details>
      <summary>
        <Text as="span" size={1}>
          {WORDS.showSchools(overview.overriding.length)}
        </Text>
      </summary>
      <Box paddingTop={2}>{names}</Box>
    </details>
  );
}

/** A field of a product document: how many schools share it, and which override it. */
export function ProductFieldPanel({
  fieldTitle,
  overview,
}: {
  fieldTitle: string;
  overview: FieldOverview;
}) {
  const count = overview.overriding.length;
  return (
    <Panel label={WORDS.overviewLabel(fieldTitle)} tone="transparent">
      <StateLine
        badge={WORDS.sharedBy(overview.sharedBy, overview.partial)}
        tone="positive"
        text={count === 0 ? WORDS.noneOverrides : WORDS.overriddenBy(count, overview.partial)}
      />
      {count > 0 && <SchoolNames overview={overview} />}
    </Panel>
  );
}

export interface SharedFieldCardProps {
  /** The school whose page the field was clicked on. */
  school: string;
  sharedBy: number;
  partial: boolean;
  /** The school overrides this field already: its page shows its own value. */
  overriddenThere: boolean;
  /** Where the school's document opens at this field (a link the Studio's router follows). */
  link: { href: string; onClick: MouseEventHandler<HTMLElement> };
}

/** The product's field, opened by a click on a school's page: shared by N schools, or override it there. */
export function SharedFieldCard({
  school,
  sharedBy,
  partial,
  overriddenThere,
  link,
}: SharedFieldCardProps) {
  const headingId = useId();
  return (
    <Card tone="primary" border radius={2} padding={3} role="note" aria-labelledby={headingId}>
      <Stack gap={3}>
        <Text size={1} weight="semibold" id={headingId}>
          {WORDS.sharedBy(sharedBy, partial)}
        </Text>
        <Text size={1}>
          {overriddenThere ? WORDS.openedOverridden(school) : WORDS.openedShared(school)}
        </Text>
        <Flex>
          <Button
            as="a"
            href={link.href}
            onClick={link.onClick}
            icon={EditIcon}
            mode="ghost"
            fontSize={1}
            padding={3}
            text={overriddenThere ? WORDS.openSchoolValue(school) : WORDS.overrideInstead(school)}
          />
        </Flex>
      </Stack>
    </Card>
  );
}
