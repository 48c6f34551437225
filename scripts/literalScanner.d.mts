export type LiteralFinding = { file: string; line: number; column: number; text: string; kind: string };
export declare const textAttributes: string[];
export declare const ignoreMarker: string;
export declare const scanSource: (source: string, fileName?: string) => LiteralFinding[];
export declare const scanLiterals: (root: string) => LiteralFinding[];
export declare const formatFinding: (finding: LiteralFinding) => string;
