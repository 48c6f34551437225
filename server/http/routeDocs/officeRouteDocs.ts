import { calendarQuerySchema } from '../../../domain/calendar/calendarItems';
import { analyseFaceSchema, analyseResponseSchema, enrolFaceSchema } from '../../../domain/faces/enrolment';
import { importOptionsSchema } from '../../../domain/import/importJob';
import { discussionPostSchema, openDiscussionSchema } from '../../../domain/office/discussion';
import { sendMessageSchema } from '../../../domain/office/message';
import { moveBodySchema } from '../../calendar/calendarService';
import { dashboardQuery, reportSchema } from '../../dashboard/dashboardRoutes';
import {
  pageSchema as discussionPageQuery,
  messagesSchema,
  readSchema,
} from '../../discussions/discussionRoutes';
import { downloadQuery, refQuery } from '../../files/fileRoutes';
import { pageSchema as importPageQuery, templateQuery } from '../../import/importRoutes';
import {
  placeholdersQuery,
  sendByEmailQuery,
  testQuery as testMailQuery,
} from '../../messages/messageRoutes';
import { pdfQuerySchema } from '../../print/printRoutes';
import { printRequestSchema } from '../../print/printService';
import { doc, type RouteDoc } from '../openapiRegistry';

/** Files, messages, discussions, calendar, dashboard, import, printing, faces and external services. */
export const officeRouteDocs = (): RouteDoc[] => [
  doc('POST /api/File/upload', 'Files', 'Attaches files to a record.', {
    query: refQuery,
    upload: 'multipart',
  }),
  doc('GET /api/File/list', 'Files', 'The files of a record.', { query: refQuery }),
  doc('GET /api/File/download/:id', 'Files', 'Downloads a file (an XLSX as PDF on request).', {
    query: downloadQuery,
    produces: 'application/octet-stream',
  }),
  doc('DELETE /api/File/delete/:id', 'Files', 'Deletes a file.'),
  doc('POST /api/Message/send', 'Messages', 'Sends an e-mail message.', { body: sendMessageSchema }),
  doc('POST /api/Message/preview', 'Messages', 'The message as it would be sent.', {
    body: sendMessageSchema,
  }),
  doc('GET /api/File/send-by-email/:id', 'Messages', 'Sends a file by e-mail.', {
    query: sendByEmailQuery,
  }),
  doc('GET /api/emailTemplate/placeholders', 'Messages', 'Placeholders e-mail templates may use.', {
    query: placeholdersQuery,
  }),
  doc('POST /api/EmailAccount/:id/test', 'Messages', 'Sends a test e-mail through a mail account.', {
    body: testMailQuery,
  }),
  doc('GET /api/Discussion', 'Discussions', "The caller's discussions.", { query: discussionPageQuery }),
  doc('GET /api/Discussion/unread', 'Discussions', 'How many discussions have unread messages.'),
  doc('POST /api/Discussion', 'Discussions', 'Opens a discussion.', { body: openDiscussionSchema }),
  doc('GET /api/Discussion/:id', 'Discussions', 'One discussion.'),
  doc('GET /api/Discussion/:id/messages', 'Discussions', "A discussion's messages.", {
    query: messagesSchema,
  }),
  doc('POST /api/Discussion/:id/messages', 'Discussions', 'Writes in a discussion.', {
    body: discussionPostSchema,
  }),
  doc('POST /api/Discussion/:id/read', 'Discussions', 'Marks a discussion read.', { body: readSchema }),
  doc('GET /api/Calendar', 'Calendar', 'Orders, documents and tickets by day.', {
    query: calendarQuerySchema,
  }),
  doc('GET /api/Calendar/Resources', 'Calendar', 'Resources the calendar shows.'),
  doc('POST /api/Calendar/move', 'Calendar', 'Moves an entry to another day.', { body: moveBodySchema }),
  doc('GET /api/Dashboard', 'Dashboard', "The supervisor's dashboard.", { query: dashboardQuery }),
  doc('POST /api/TerminalStatus', 'Dashboard', 'A terminal reports its state.', { body: reportSchema }),

  // Import, printing, faces, external services
  doc('GET /api/config/importtemplate', 'Import', 'The structure of an import (CSV or XLSX template).', {
    query: templateQuery,
  }),
  doc(
    'POST /api/Import/:template',
    'Import',
    "Imports a file (CSV, XLSX) or JSON rows into a template's records: a job.",
    { query: importOptionsSchema, upload: 'multipart', status: 202 },
  ),
  doc('GET /api/Import/jobs', 'Import', "The company's import jobs."),
  doc('GET /api/Import/jobs/:id', 'Import', "One import job's progress."),
  doc('POST /api/Import/jobs/:id/cancel', 'Import', 'Cancels an import job.'),
  doc('GET /api/Import/jobs/:id/problems', 'Import', 'The rows an import refused and why.', {
    query: importPageQuery,
  }),
  doc('GET /api/Import/jobs/:id/report', 'Import', 'The refused rows as a CSV report.', {
    produces: 'text/csv',
  }),
  doc('POST /api/print/pdf', 'Printing', 'A layout printed to PDF.', {
    body: printRequestSchema,
    produces: 'application/pdf',
  }),
  doc('GET /api/print/pdf', 'Printing', 'A layout printed to PDF (a link).', {
    query: pdfQuerySchema,
    produces: 'application/pdf',
  }),
  doc('POST /api/print/printer', 'Printing', 'Sends a label to a network label printer (ZPL).', {
    body: printRequestSchema,
  }),
  doc('POST /api/ComputerVision', 'Faces', 'Enrols a face descriptor for a user.', {
    body: enrolFaceSchema,
  }),
  doc('POST /api/ComputerVision/analyse', 'Faces', 'Who a face descriptor belongs to.', {
    body: analyseFaceSchema,
    response: analyseResponseSchema,
  }),
  doc('DELETE /api/ComputerVision/:id', 'Faces', 'Removes an enrolled face.'),
  doc(
    'GET /api/ExternalCredentials/config/:id',
    'External services',
    'The setup of an external service connection.',
  ),
  doc(
    'GET /api/ExternalCredentials/activate/:id/:code',
    'External services',
    'Activates an external service connection.',
  ),
  doc('GET /api/ProductExternal/import/:id', 'External services', 'Imports products from a shop.'),
];
