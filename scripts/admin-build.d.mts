// Types of admin-build.mjs (plain JavaScript: `npm start` runs it before tsx is loaded).
export declare const root: string;
export declare const adminDist: string;
export declare function adminBuildFresh(): boolean;
export declare function newest(dir: string): number;
