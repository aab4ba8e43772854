/**
 * Files sent as they are (a zip, a request file): their bytes in base64, as the batch calls of
 * the portal and the console take them (`{ fileName, data }`, shared contracts/uploads.ts).
 */

/** The file's bytes as base64 (a data URL's payload: no string built byte by byte). */
export function readBase64(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => {
      const url = String(reader.result);
      resolve(url.slice(url.indexOf(',') + 1));
    };
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsDataURL(file);
  });
}

/** An uploaded file as the batch calls take it. */
export async function uploadedFile(file: File): Promise<{ fileName: string; data: string }> {
  return { fileName: file.name, data: await readBase64(file) };
}

/** Is this a zip archive, by its name? */
export const isZipName = (name: string) => /\.zip$/i.test(name.trim());

/** The bytes of a base64 text (an archive an answer carries), to save as a file. */
export const base64Bytes = (b64: string) => Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
