// Types of server-build.mjs (plain JavaScript: `npm start` runs it before anything is compiled).
export declare const serverDir: string;
export declare const serverEntry: string;
export declare const SERVER_NODE_OPTIONS: string[];
export declare function serverArgs(): string[];
export declare function serverBuildFresh(): boolean;
export declare function buildServer(): Promise<void>;
