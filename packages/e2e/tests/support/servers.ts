/** The port of the main server; the first-run server listens on the next one. */
export const port = Number(process.env.E2E_PORT ?? 4310);
/** The main server of the run (playwright.config.ts starts both). */
export const serverURL = `http://127.0.0.1:${port}`;
/** The server nobody has set up, for the first-run screens (tests/first-run). */
export const firstRunURL = `http://127.0.0.1:${port + 1}`;
