/** Licence request files are `.dat` (docs/product.md §5: only .dat files for upload). */
export function isRequestFileName(name: string): boolean {
  return /\.dat$/i.test(name.trim());
}

/** base64 of the bytes, in chunks so that large files do not overflow the call stack. */
export function bytesToBase64(bytes: Uint8Array): string {
  let binary = '';
  const chunk = 0x8000;
  for (let i = 0; i < bytes.length; i += chunk) {
    binary += String.fromCharCode(...bytes.subarray(i, i + chunk));
  }
  return btoa(binary);
}

const BASE64_TEXT = /^[A-Za-z0-9+/]+={0,2}$/;

/**
 * The `file` field of /com/auth/device for an uploaded request. A `.dat` written by the
 * console is already base64 text (docs/architecture.md §7), and the server decodes `file` once, so
 * such a file is sent as its text (white space removed); any other content is sent as the
 * base64 of its bytes, which the server then answers with "parse error".
 */
export function requestFilePayload(bytes: Uint8Array): string {
  const text = new TextDecoder('latin1').decode(bytes).replace(/\s+/g, '');
  return text && BASE64_TEXT.test(text) ? text : bytesToBase64(bytes);
}

export async function readRequestFile(file: Blob): Promise<string> {
  return requestFilePayload(new Uint8Array(await file.arrayBuffer()));
}
