import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { sendAwayMail } from '../discussions/awayMail';
import { registerDiscussionRoutes } from '../discussions/discussionRoutes';
import { type BackgroundTask, startBackground } from './background';

/**
 * The office around the stock: discussions, attachments, messages, templates, tags, favorites, history and
 * external credentials. Routes are thin over their services; background work runs on a timer.
 */
export const registerOffice = (app: FastifyInstance, ctx: AppContext): void => {
  const logError = (error: unknown, what: string) => app.log.warn({ err: error }, what);
  registerDiscussionRoutes(app, ctx);

  const tasks: BackgroundTask[] = [
    (c, now) =>
      sendAwayMail(c, {
        now,
        delayMs: c.config.office.discussionMailDelayMs,
        onError: (error) => logError(error, 'discussion e-mail'),
      }),
  ];
  const stop = startBackground(ctx, tasks, ctx.config.office.backgroundIntervalMs, logError);
  app.addHook('onClose', stop);
};
