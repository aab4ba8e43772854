import { screen, waitFor } from '@testing-library/react';

/** The open dialog that says `text` (antd keeps a closed one in the page while it fades). */
export const dialogWith = (text: string) =>
  waitFor(() => {
    const found = screen
      .getAllByRole('dialog')
      .find((d) => d.textContent?.includes(text) && !d.closest('[aria-hidden="true"]'));
    if (!found) throw new Error(`no dialog says ${text}`);
    return found;
  });
