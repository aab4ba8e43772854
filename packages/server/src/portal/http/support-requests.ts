import type { FastifyInstance } from 'fastify';
import {
  addRequest,
  myRequest,
  myRequestFile,
  myRequests,
  replyToCustomer,
  replyToVendor,
  requestDetail,
  requestFile,
  requestList,
  setRequestStatus,
  setTestStatus,
} from '@edp/shared/api/portal/requests.calls';
import type { FastifyReply } from 'fastify';
import { Answer, attachment, serve, sessionOf, vendorActorOf } from '../../platform/http/index.ts';
import type { SupportRequestService } from '../support-request/index.ts';

/** Requests and their Q&A: a company's own (/com/req/*) and the vendor's side (/sa/req*). */
export function supportRequestRoutes(
  app: FastifyInstance,
  { supportRequests: s }: { supportRequests: SupportRequestService },
) {
  const company = (req: Parameters<typeof sessionOf>[0]) => sessionOf(req).subjectId;
  serve(app, addRequest, async (req) => new Answer(await s.add(company(req), req.body), 'created'));
  serve(app, myRequests, (req) => s.mine(company(req), req.body));
  serve(app, myRequest, (req) => s.mineOne(company(req), req.body.id));
  serve(app, replyToVendor, async (req) => {
    await s.customerReply(company(req), req.body.id, req.body.body, req.body.files);
  });
  serve(app, myRequestFile, async (req, reply) =>
    sendAttachment(reply, await s.myFile(company(req), req.params.id)),
  );
  serve(app, requestFile, async (req, reply) => sendAttachment(reply, await s.file(req.params.id)));

  serve(app, requestList, (req) => s.list(req.body));
  serve(app, requestDetail, (req) => s.one(req.body.id));
  serve(app, replyToCustomer, async (req) => {
    await s.vendorReply(vendorActorOf(req), req.body.id, req.body.body, req.body.files);
  });
  serve(app, setRequestStatus, async (req) => {
    const { id, status, reason } = req.body;
    await s.setStatus(vendorActorOf(req), id, status, reason);
  });
  serve(app, setTestStatus, async (req) => {
    await s.setTestStatus(vendorActorOf(req), req.body.id, req.body.testStatus);
  });
}

/**
 * A stored attachment as a download: never shown inline (a .txt or an image a customer sent is
 * not run as a page of the console's origin), under its own name.
 */
function sendAttachment(reply: FastifyReply, f: { fileName: string; type: string; data: Buffer }) {
  return reply
    .header('Cache-Control', 'no-store')
    .header('Content-Disposition', attachment(f.fileName))
    .header('X-Content-Type-Options', 'nosniff')
    .type(f.type)
    .send(f.data);
}
