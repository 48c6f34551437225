import type { FlowKind } from './data/flowKinds';

/** Where the terminal's screens live. */
export const terminalPath = '/terminal';

/** Keyboard-wedge and camera settings of this device. */
export const scannerSettingsPath = `${terminalPath}/scanner`;

/** A flow's start: its open orders and documents. */
export const kindPath = (kind: FlowKind): string => `${terminalPath}/${kind}`;

export const orderPath = (kind: FlowKind, orderId: string): string =>
  `${kindPath(kind)}/order/${encodeURIComponent(orderId)}`;

export const documentPath = (kind: FlowKind, documentId: string): string =>
  `${kindPath(kind)}/document/${encodeURIComponent(documentId)}`;
