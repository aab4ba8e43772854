/**
 * A list of ids as one array parameter (`= any(${uuidArray(ids)}::uuid[])`): one parameter
 * however many ids, where a parameter each would reach PostgreSQL's limit of 65,535.
 */
export const uuidArray = (ids: readonly string[]) => `{${ids.join(',')}}`;

/** Texts as one array parameter (`::text[]`), each quoted: a text may hold `,`, `{` or `"`. */
export const textArray = (texts: readonly string[]) =>
  `{${texts.map((t) => `"${t.replace(/["\\]/g, '\\$&')}"`).join(',')}}`;
