import fs from 'node:fs';
import path from 'node:path';

/** The server's data directory for this run (see playwright.config.ts). */
export const dataDir = () => process.env.E2E_DATA_DIR!;

/** The newest .eml written to the outbox for `to`, as text (the product's mail without SMTP). */
export function latestMailTo(to: string): string | undefined {
  const outbox = path.join(dataDir(), 'outbox');
  if (!fs.existsSync(outbox)) return undefined;
  const files = fs
    .readdirSync(outbox)
    .filter((f) => f.endsWith('.eml'))
    .sort()
    .reverse();
  for (const file of files) {
    const text = fs.readFileSync(path.join(outbox, file), 'utf8');
    if (new RegExp(`^To: .*${to.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`, 'mi').test(text))
      return text;
  }
  return undefined;
}

export const languages = [
  { code: 'zh-CN', label: '中文' },
  { code: 'en-US', label: 'English' },
] as const;
