/**
 * The terminal's data layer: reads of the offline replica and the actions the screens take. Everything runs
 * on the device (no request is made here); the sync engine (sync/, src/db/startSync) sends the queued work.
 *
 * Reads — each `(tx, …args) => Promise<…>` on a read transaction of the replica's store (scan look-ups in
 * ./scanLookups.ts, stock suggestions in ./stockSuggestions.ts, order views in ./orderViews.ts, document views in
 * ./documentViews.ts): in screens
 * `useReplicaQuery((tx) => openOrders(tx, 'release'), ['release'])` (re-runs when the replica changes),
 * elsewhere `handle.store.read((tx) => …)`:
 * - `findProduct(tx, code)`      a scan → 'found' | 'several' | 'none' (domain matchProduct) with its GS1 data
 *                                (lot, expiry, production date, serial, count) in `gs1`.
 * - `findLocation(tx, code)`     a location by label (any case) or id; `findContainer(tx, code)` a bin.
 * - `fefoSource(tx, productId, quantity, today?)`  where to take from: FEFO candidates (domain
 *                                bestSourceMaterial), the picks covering the quantity, what is missing.
 * - `batchesAt(tx, productId, locationId)`         the free batches of a product at one location (FEFO order).
 * - `putawaySuggestion(tx, productId, quantity)`   where to store (domain suggestLocationsIn).
 * - `openOrders(tx, kind, userId?)`  open orders of a flow with progress (lines done, quantities, percent).
 * - `orderDetail(tx, orderId)`   an order's positions with ordered / recorded / remaining / done and the sync
 *                                state (and refusal) of what this device recorded for each.
 * - `documentInProgress(tx, documentId)`  a document's number (provisional until synced), state and lines,
 *                                each with its sync state; refused lines stay as ghosts with their reason.
 * - `openDocuments(tx, kind)`    working copies of the flow's direct document type, to resume.
 * - `checkLine(tx, context, draft, today)` / `checkOrderLine(tx, order, positions, draft, today)`  the
 *                                document rules for a line no intent carries yet (a move order's line).
 *
 * Actions — `./actions.ts`, over a `TerminalPort` (`portOf(getActiveSync())` in the app, ./activePort.ts):
 * `recordDocumentLine` (`create`: opens a direct document with its first line), `recordOrderLine`, `changeLineQuantity`, `discardLine`,
 * `setRecordedQuantity`, `discardEntry`, `confirmDocument`, `deleteDocument`, `finishOrder`
 * (order.generateDocuments), `finishCount` (verification.finish). Each queues intents through the engine's
 * `enqueue`, which runs the server's rules on the replica first: `{ ok: false, refusal }` carries the
 * server's error code and rule issues (translate with errors:<code> and warehouse:issues.<code>).
 *
 * Pure helpers: `./flowKinds.ts` (flows ↔ order and document types), `./orderProgress.ts`,
 * `./syncStates.ts` (line and position states from the outbox), `./allocateToOrder.ts`, `./lineDraft.ts`.
 */
export * from './actions';
export * from './activePort';
export * from './allocateToOrder';
export * from './checkLine';
export * from './documentViews';
export * from './flowKinds';
export * from './lineDraft';
export * from './orderProgress';
export * from './orderViews';
export * from './scanLookups';
export * from './stockSuggestions';
export * from './syncStates';
