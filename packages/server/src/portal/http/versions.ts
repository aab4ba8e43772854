import type { FastifyInstance } from 'fastify';
import {
  deleteVersion,
  moveVersion,
  saveVersion,
  versionList,
  versionUsers,
} from '@edp/shared/api/portal/versions.calls';
import { Answer, serve, vendorActorOf } from '../../platform/http/index.ts';
import type { VersionService } from '../version/index.ts';

/** The vendor's product versions under /sa/ver* (docs/portal.md "Product versions"). */
export function versionRoutes(app: FastifyInstance, { versions }: { versions: VersionService }) {
  serve(app, versionList, (req) => versions.list(req.body));
  serve(
    app,
    saveVersion,
    async (req) =>
      new Answer(
        await versions.save(vendorActorOf(req), req.body),
        req.body.id ? 'modified' : 'created',
      ),
  );
  serve(app, moveVersion, async (req) => {
    await versions.move(vendorActorOf(req), req.body.id, req.body.state);
  });
  serve(app, deleteVersion, async (req) => {
    await versions.del(vendorActorOf(req), req.body.id);
  });
  serve(app, versionUsers, (req) => versions.users(req.body.id));
}
