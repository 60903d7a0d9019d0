/**
 * Both schemas as flat maps of field paths to kinds (`faqs.faqs[].question` → `string`), so a field
 * that exists on one side only, or has another kind, shows up as a difference.
 * System keys (`_id`, `_type`, `_key`…) and an image's own parts (asset, crop, hotspot) are left out.
 */
import type { z } from 'zod';

export type FieldKind =
  'string' | 'number' | 'boolean' | 'object' | 'array' | 'image' | 'reference';
export type Shape = Map<string, FieldKind>;

const IMAGE_PARTS = new Set(['asset', 'crop', 'hotspot', 'media']);

// ---- zod

type ZodDef = {
  type: string;
  innerType?: ZodLike;
  element?: ZodLike;
  shape?: Record<string, ZodLike>;
  options?: ZodLike[];
  values?: unknown[];
  entries?: Record<string, unknown>;
  in?: ZodLike;
  out?: ZodLike;
};
type ZodLike = { _zod: { def: ZodDef } };

function unwrapZod(schema: ZodLike): ZodLike {
  const def = schema._zod.def;
  if (
    (def.type === 'optional' ||
      def.type === 'default' ||
      def.type === 'nullable' ||
      def.type === 'prefault') &&
    def.innerType
  )
    return unwrapZod(def.innerType);
  if (def.type === 'pipe' && def.out)
    return unwrapZod(def.out.constructor.name === 'ZodTransform' ? def.in! : def.out);
  return schema;
}

function zodKind(schema: ZodLike): FieldKind {
  const def = unwrapZod(schema)._zod.def;
  switch (def.type) {
    case 'string':
    case 'enum':
      return 'string';
    case 'number':
      return 'number';
    case 'boolean':
      return 'boolean';
    case 'array':
      return 'array';
    case 'literal':
      return typeof def.values?.[0] === 'number' ? 'number' : 'string';
    case 'union':
      return zodKind(def.options![0]);
    case 'object': {
      const keys = Object.keys(def.shape ?? {});
      if (keys.includes('_sanityAsset')) return 'image';
      if (keys.includes('_ref')) return 'reference';
      return 'object';
    }
    default:
      throw new Error(`unexpected zod type ${def.type}`);
  }
}

export function zodShape(schema: z.ZodType, prefix = '', shape: Shape = new Map()): Shape {
  const def = unwrapZod(schema)._zod.def;
  const kind = zodKind(schema);
  if (def.type === 'array') {
    const element = def.element!;
    shape.set(`${prefix}[]`, zodKind(element));
    return zodShape(element as unknown as z.ZodType, `${prefix}[]`, shape);
  }
  if (def.type !== 'object') return shape;
  for (const [key, inner] of Object.entries(def.shape ?? {})) {
    if (key.startsWith('_')) continue;
    if (kind === 'image' && IMAGE_PARTS.has(key)) continue;
    const path = prefix ? `${prefix}.${key}` : key;
    shape.set(path, zodKind(inner));
    zodShape(inner as unknown as z.ZodType, path, shape);
  }
  return shape;
}

// ---- compiled Studio schema

type StudioType = {
  name: string;
  jsonType: string;
  type?: StudioType;
  fields?: { name: string; type: StudioType }[];
  of?: StudioType[];
};

const isA = (type: StudioType | undefined, name: string): boolean =>
  Boolean(type && (type.name === name || isA(type.type, name)));

function studioKind(type: StudioType): FieldKind {
  if (isA(type, 'image')) return 'image';
  if (isA(type, 'reference')) return 'reference';
  return type.jsonType as FieldKind;
}

export function studioShape(type: StudioType, prefix = '', shape: Shape = new Map()): Shape {
  const kind = studioKind(type);
  if (type.jsonType === 'array') {
    // A list with several kinds of item (press release sections): the union of their fields.
    for (const member of type.of ?? []) {
      shape.set(`${prefix}[]`, studioKind(member));
      studioShape(member, `${prefix}[]`, shape);
    }
    return shape;
  }
  if (type.jsonType !== 'object' || kind === 'reference') return shape;
  for (const field of type.fields ?? []) {
    if (field.name.startsWith('_')) continue;
    if (kind === 'image' && IMAGE_PARTS.has(field.name)) continue;
    const path = prefix ? `${prefix}.${field.name}` : field.name;
    shape.set(path, studioKind(field.type));
    studioShape(field.type, path, shape);
  }
  return shape;
}

/** Lines describing every difference, empty when the two agree. */
export function shapeDifferences(zodSide: Shape, studioSide: Shape): string[] {
  const differences: string[] = [];
  for (const [path, kind] of zodSide) {
    const other = studioSide.get(path);
    if (other === undefined) differences.push(`${path}: in the build's zod schema only`);
    else if (other !== kind) differences.push(`${path}: ${kind} in zod, ${other} in the Studio`);
  }
  for (const path of studioSide.keys())
    if (!zodSide.has(path)) differences.push(`${path}: in the Studio schema only`);
  return differences;
}
