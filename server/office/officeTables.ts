import { discussionTables } from '../discussions/discussionTables';

/** The tables of the office features (discussions, files, messages…), for the schema and its migrations. */
export const officeTables = { ...discussionTables };
