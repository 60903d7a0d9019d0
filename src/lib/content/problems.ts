/** What the build reports about content it could not use: one row per document, field and reason. */

export interface ContentProblem {
  school: string;
  documentType: string;
  documentId?: string;
  reason: string;
  /** The field at fault, when one is (e.g. `school`, `bannerNumber`). */
  field?: string;
  /** An image file the document refers to that is not there (the page is built without it). */
  file?: string;
  /** For a document that fails its schema: each failing field and why. */
  issues?: ContentIssue[];
}

export interface ContentIssue {
  field: string;
  message: string;
}
