/**
 * The named GROQ queries. A build runs BUILD_CONTENT_QUERY once and groups the
 * documents in memory, so the number of queries does not grow with the number of schools.
 */
export const BUILD_CONTENT_QUERY = /* groq */ `{
  "schools": *[_type == "school"] | order(seoSlug asc),
  "settings": *[_type == "siteSettings"][0],
  "documents": *[_type in $types] | order(_type asc, order asc, _id asc)
}`;

/** One school's documents, for tools that look at a single school. */
export const SCHOOL_DOCUMENTS_QUERY = /* groq */ `*[_type in $types && tenant == $tenant] | order(_type asc, order asc, _id asc)`;
