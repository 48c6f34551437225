/** Where the pending-work inspector lives. */
export const pendingPath = '/sync/pending';
