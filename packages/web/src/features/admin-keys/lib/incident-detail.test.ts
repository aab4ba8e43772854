import { describe, expect, it } from 'vitest';
import type { TIncident } from '@edp/shared/contracts/keys';
import { detailWords } from './incident-detail.ts';

type Entry = TIncident['timeline'][number];
const entry = (event: Entry['event'], detail: string): Entry => ({
  at: '2026-11-29T08:00:00.000Z',
  by: null,
  event,
  detail,
});

/** The timeline's details as docs/keys.md "Incidents" lists them, each put in words. */
describe('an incident timeline entry in words', () => {
  it('keeps the notes as written, even when they look like JSON', () => {
    expect(detailWords(entry('declared', '{"queued":true}'))).toEqual({ text: '{"queued":true}' });
    expect(detailWords(entry('note', 'Reimaged'))).toEqual({ text: 'Reimaged' });
    expect(detailWords(entry('closed', 'Done'))).toEqual({ text: 'Done' });
  });

  it("words each action's facts", () => {
    expect(
      detailWords(
        entry('actionStarted', '{"splitId":"x","threshold":2,"holders":["keyadmin","kss3"]}'),
      ),
    ).toEqual({ key: 'split', values: { m: 2, holders: 'keyadmin, kss3' } });
    expect(
      detailWords(
        entry(
          'actionStarted',
          '{"escrowKeyId":"2d9c8a1f-0000-4000-8000-000000000002","replacedKeyId":"1c8b7f0e-0000-4000-8000-000000000001"}',
        ),
      ),
    ).toEqual({ key: 'escrowKey', values: { from: '1c8b7f0e', to: '2d9c8a1f' } });
    expect(detailWords(entry('actionStarted', '{"taskId":"t1","windowsEnded":2}'))).toEqual({
      key: 'device',
      values: { taskId: 't1', count: 2 },
    });
    expect(detailWords(entry('actionStarted', '{"revoke":true}'))).toEqual({ key: 'revoke' });
    expect(detailWords(entry('warned', '{"queued":true}'))).toEqual({ key: 'warned' });
    expect(detailWords(entry('warned', '{"queued":false}'))).toEqual({ key: 'notWarned' });
    expect(detailWords(entry('contained', '{"affected":0}'))).toEqual({ key: 'contained' });
  });

  it('shows a detail of another shape as written', () => {
    expect(detailWords(entry('actionStarted', 'not json'))).toEqual({ text: 'not json' });
    expect(detailWords(entry('actionStarted', '{"other":1}'))).toEqual({ text: '{"other":1}' });
  });
});
