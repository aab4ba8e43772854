import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import {
  downloadReport,
  makeReport,
  reportList,
  reportSchedule,
  setReportSchedule,
} from '@edp/shared/api/console/reports.calls';
import { resumed } from '../../platform/export/index.ts';
import { serve } from '../../platform/http/index.ts';
import type { ReportService } from '../reports/index.ts';
import { callerOf } from './console-guard.ts';

/** Report downloads (docs/reports.md). */
export function reportRoutes(app: FastifyInstance, { reports }: { reports: ReportService }) {
  serve(app, reportList, (req) => reports.list(callerOf(req), req.body));
  serve(app, makeReport, (req) => reports.make(callerOf(req), req.body, req.locale));
  // A read, like the log exports: not audited.
  serve(app, downloadReport, async (req, reply) => {
    const file = await reports.file(callerOf(req), req.params.id, req.query.format);
    // The first chunk is read before the 200: a failing read still answers in the envelope.
    const first = await file.chunks.next();
    return reply
      .header('Cache-Control', 'no-store')
      .header('Content-Disposition', `attachment; filename="${file.name}"`)
      .type(file.type)
      .send(Readable.from(resumed(first, file.chunks)));
  });
  serve(app, reportSchedule, (req) => reports.schedule(callerOf(req)));
  serve(app, setReportSchedule, async (req) => {
    await reports.setSchedule(callerOf(req), req.body);
  });
}
