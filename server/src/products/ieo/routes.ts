import type { FastifyInstance } from 'fastify';
import * as contract from '@contract/ieo';
import { AppError } from '../../errors';
import { inTransaction } from '../../ledger/index';
import { paged } from '../../lib/paging';
import { bindEndpoint, signedIn } from '../../plugins/contract';
import { idempotent } from '../../plugins/idempotent';
import { audit } from '../../audit/index';
import { insertProject, lockProject, projectById, projectPage, updateProject, userOrders } from './repo';
import { orderView, projectColumns, projectView, termsChanged } from './service';
import { subscribe } from './subscribe';

export async function ieoRoutes(app: FastifyInstance): Promise<void> {
  const now = () => app.ctx.now();

  bindEndpoint(app, contract.projectList, async (input, h) => {
    const { rows, total } = await projectPage(h.ctx.db, input);
    const at = now();
    return paged(
      rows.map((p) => projectView(p, at, h.lang)),
      total,
      input,
    );
  });

  // The console edits the English texts, the ones every language falls back to.
  bindEndpoint(app, contract.adminProjectList, async (input, h) => {
    const { rows, total } = await projectPage(h.ctx.db, input);
    const at = now();
    return paged(
      rows.map((p) => projectView(p, at, 'en')),
      total,
      input,
    );
  });

  bindEndpoint(app, contract.projectDetail, async (input, h) => {
    const p = await projectById(h.ctx.db, input.project_id);
    if (!p) throw new AppError('ieo_not_found', { field: 'project_id' });
    return projectView(p, now(), h.lang);
  });

  bindEndpoint(app, contract.projectOrder, async (input, h) => {
    const userId = signedIn(h).user.id;
    const runOnce = idempotent(h);
    return runOnce(input, (tx, at) =>
      subscribe(tx, { userId, projectId: input.project_id, input, now: at, lang: h.lang }),
    );
  });

  bindEndpoint(app, contract.userProjectOrders, async (input, h) => {
    const { rows, total } = await userOrders(h.ctx.db, signedIn(h).user.id, {
      page: input.page,
      limit: input.limit,
      projectId: input.project_id,
    });
    return paged(
      rows.map((r) => orderView(r.order, r.project, h.lang)),
      total,
      input,
    );
  });

  bindEndpoint(app, contract.adminProjectSave, async (input, h) => {
    const admin = signedIn(h).user;
    const at = now();
    const { id, ...terms } = input;
    const columns = projectColumns(terms);
    const saved = await inTransaction(h.ctx.db, async (tx) => {
      if (id === undefined) {
        const row = await insertProject(tx, { ...columns, createdAt: at, updatedAt: at });
        await audit(tx, {
          adminId: admin.id,
          action: 'ieo_project.create',
          entity: 'ieo_project',
          entityId: row.id,
          before: null,
          after: row,
          at,
        });
        return row;
      }
      const before = await lockProject(tx, id);
      if (!before) throw new AppError('ieo_not_found', { field: 'id' });
      // Terms people paid under stay as they were; texts and the listing time may still change.
      const subscribed = Number(before.applied) > 0 || before.status !== 'open';
      if (subscribed && termsChanged(before, columns)) throw new AppError('ieo_project_locked', { field: 'id' });
      // Translations of texts the admin rewrote would say something else: they are dropped.
      const rewritten = before.name !== columns.name || before.intro !== columns.intro;
      const row = await updateProject(tx, id, { ...columns, ...(rewritten ? { texts: {} } : {}), updatedAt: at });
      await audit(tx, {
        adminId: admin.id,
        action: 'ieo_project.update',
        entity: 'ieo_project',
        entityId: id,
        before,
        after: row,
        at,
      });
      return row;
    });
    return projectView(saved, at, 'en');
  });
}
