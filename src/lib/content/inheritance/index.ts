/**
 * The product layer and its inheritance, in one module: what a product document is
 * (product-documents.ts), the school's words in product text (placeholders.ts), a school's
 * document resolved against its product document (resolve.ts) and where each resolved value comes
 * from (origins.ts), what a school overrides (leaves.ts), a school's whole set of documents
 * (school-documents.ts), and what a school must own rather than inherit (school-owned.ts). Dependency-free, so the build, the preview, the scripts and the Studio
 * all use the same rules. docs/architecture.md, "The product layer", says why.
 */
export * from './product-documents.ts';
export * from './placeholders.ts';
export * from './paths.ts';
export * from './resolve.ts';
export * from './origins.ts';
export * from './leaves.ts';
export * from './school-documents.ts';
export { PICTURE_PARTS, sameValue } from './values.ts';
export * from './school-owned.ts';
