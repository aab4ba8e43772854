import { Fragment } from 'react';

/** Everything up to and including each separator, and the rest: `/srv/a/b.txt` → `/`, `srv/`, … */
export function pathParts(path: string): string[] {
  return path.match(/[^/\\]*(?:[/\\]|$)/g)!.filter(Boolean);
}

/**
 * A file path that wraps only after its separators (`/`, or `\` on Windows), never inside a
 * name: an empty `<wbr>` after each one is where a line may end (the CSS does not break words).
 * The text is the path itself, so copying it copies the path whole; the title shows it whole
 * when the cell is narrow.
 */
export function PathText({ path, className }: { path: string; className?: string }) {
  return (
    <span className={className ? `log-path ${className}` : 'log-path'} title={path}>
      {pathParts(path).map((part, i) => (
        <Fragment key={i}>
          {part}
          {/[/\\]$/.test(part) && <wbr />}
        </Fragment>
      ))}
    </span>
  );
}
