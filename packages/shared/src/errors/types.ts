/** One catalogue entry: the HTTP status the server answers with and the message in both languages. */
export interface ErrorEntry {
  status: number;
  'zh-CN': string;
  'en-US': string;
}

export type Catalogue = Record<number, ErrorEntry>;
