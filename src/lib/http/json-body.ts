/**
 * The one JSON check: the value a text holds, or that it holds none. Every door that takes a JSON
 * body reads it through this (the functions' kit, functions/function-http.ts `jsonBody`, answers
 * 400 "the body is not JSON"), and so do the quiet readers (the build hook body the build reads, a
 * page's live-query block). It runs anywhere and imports nothing: the overlays' browser bundle
 * uses it too, which is why it is not in the functions' folder.
 */

export const NOT_JSON = 'the body is not JSON';

export type ParsedJson = { ok: true; value: unknown } | { ok: false };

export function parseJson(text: string): ParsedJson {
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false };
  }
}
