/**
 * A field's value in words, for the Studio's inheritance panels: the product's value a school
 * inherits (or that Reset brings back), as the editor would recognise it. Pure.
 */

/** Long text is cut here in the panel (the whole text is the field's once overridden). */
export const SHOWN_TEXT_MAX = 280;

export type ShownValue =
  | { kind: 'text'; text: string }
  | { kind: 'lines'; lines: string[] }
  | { kind: 'items'; items: string[] }
  | { kind: 'picture'; name: string }
  | { kind: 'empty' };

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const cut = (text: string) =>
  text.length > SHOWN_TEXT_MAX ? `${text.slice(0, SHOWN_TEXT_MAX - 1).trimEnd()}…` : text;

/** An image's file: the bundled export's file name, or the asset's id in Sanity. */
function pictureName(image: Record<string, unknown>): string | undefined {
  const local = image._sanityAsset;
  if (typeof local === 'string') return local.split('/').pop();
  const asset = image.asset;
  if (isRecord(asset) && typeof asset._ref === 'string') return asset._ref;
  return undefined;
}

/** An item's name: its `titleField` (the list's preview title) when it has one, else its first text. */
function itemName(item: unknown, index: number, titleField: string | undefined): string {
  if (isRecord(item)) {
    const titled = titleField ? item[titleField] : undefined;
    if (typeof titled === 'string' && titled.trim()) return cut(titled.trim());
    for (const [key, value] of Object.entries(item))
      if (!key.startsWith('_') && typeof value === 'string' && value.trim())
        return cut(value.trim());
  }
  return `Item ${index + 1}`;
}

/** `titleField`: for a list of objects, the field its items are named by (the schema's preview title). */
export function shownValue(value: unknown, titleField?: string): ShownValue {
  if (value === undefined || value === null) return { kind: 'empty' };
  if (typeof value === 'string')
    return value.trim() ? { kind: 'text', text: cut(value) } : { kind: 'empty' };
  if (typeof value === 'number') return { kind: 'text', text: String(value) };
  if (typeof value === 'boolean') return { kind: 'text', text: value ? 'Yes' : 'No' };
  if (Array.isArray(value)) {
    if (value.length === 0) return { kind: 'empty' };
    if (value.every((line) => typeof line === 'string'))
      return { kind: 'lines', lines: value.map((line) => cut(line)) };
    return { kind: 'items', items: value.map((item, index) => itemName(item, index, titleField)) };
  }
  if (isRecord(value)) {
    const name = pictureName(value);
    if (name) return { kind: 'picture', name };
    const text = Object.entries(value)
      .filter(([key, inner]) => !key.startsWith('_') && typeof inner === 'string')
      .map(([, inner]) => inner as string)
      .join(' · ');
    return text ? { kind: 'text', text: cut(text) } : { kind: 'empty' };
  }
  return { kind: 'empty' };
}
