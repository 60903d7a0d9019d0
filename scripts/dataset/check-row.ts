/** One row of the content check's report: what is wrong or worth a look, and where (school, document, field). */
export interface CheckRow {
  level: 'error' | 'warning';
  school: string;
  documentType: string;
  documentId: string;
  field: string;
  message: string;
}
