/** Types of phaseTable.mjs (plain JavaScript: `npm test` runs it with node, before anything is compiled). */
export function phaseTable(phases: Array<[string, number, number?]>, totalMs: number): string[];
export function machineBusyMs(read: (path: string) => string): number | undefined;
export function machineNiceMs(read: (path: string) => string): number | undefined;
