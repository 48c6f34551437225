import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { sendAwayMail } from '../discussions/awayMail';
import { registerDiscussionRoutes } from '../discussions/discussionRoutes';
import { registerExternalRoutes } from '../external/externalRoutes';
import { moveDatabaseFiles, runFileJanitor } from '../files/fileJanitor';
import { registerFileRoutes } from '../files/fileRoutes';
import { registerMessageRoutes } from '../messages/messageRoutes';
import { type BackgroundTask, startBackground } from './background';
import { registerOfficeSettingsRoutes } from './officeSettingsRoutes';

/**
 * The office around the stock: discussions, attachments, messages, templates, tags, favorites, history and
 * external credentials. Routes are thin over their services; background work runs on a timer.
 */
export const registerOffice = (app: FastifyInstance, ctx: AppContext): void => {
  const logError = (error: unknown, what: string) => app.log.warn({ err: error }, what);
  registerDiscussionRoutes(app, ctx);
  registerOfficeSettingsRoutes(app, ctx);
  registerMessageRoutes(app, ctx);
  registerExternalRoutes(app, ctx);
  // One encapsulated plugin, so multipart parsing exists only for the file routes.
  app.register(async (scoped) => {
    await registerFileRoutes(scoped, ctx);
  });

  const tasks: BackgroundTask[] = [
    (c, now) =>
      sendAwayMail(c, {
        now,
        delayMs: c.config.office.discussionMailDelayMs,
        onError: (error) => logError(error, 'discussion e-mail'),
      }),
    (c) => runFileJanitor(c),
  ];
  const stop = startBackground(ctx, tasks, ctx.config.office.backgroundIntervalMs, logError);
  app.addHook('onClose', stop);
  // Files an older version kept in the database move to the file store once the server is up.
  app.addHook('onReady', async () => {
    moveDatabaseFiles(ctx).catch((error: unknown) => logError(error, 'moving stored files'));
  });
};
