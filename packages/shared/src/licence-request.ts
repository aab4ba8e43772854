import { ZLicenceRequestFile, type TLicenceRequestFile } from './contracts/licence-file.ts';

/** JSON with object keys sorted at every level and no white space: one text per value. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/** Reads a licence request (`.dat`: base64 of canonical JSON); undefined when it is not one. */
export function parseRequestFile(base64: string): TLicenceRequestFile | undefined {
  const compact = base64.replace(/\s+/g, '');
  if (!compact || !/^[A-Za-z0-9+/]+={0,2}$/.test(compact)) return undefined;
  try {
    const parsed = ZLicenceRequestFile.safeParse(
      JSON.parse(Buffer.from(compact, 'base64').toString('utf8')),
    );
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/** Writes a licence request as the console does: base64 of its canonical JSON. */
export function encodeRequestFile(request: TLicenceRequestFile): string {
  return Buffer.from(canonicalJson(request), 'utf8').toString('base64');
}
