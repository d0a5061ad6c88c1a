// The types of build-folders.mjs, a plain script so that `npm run build` runs before anything is compiled.
export declare const DIST: string;
export declare function newBuildId(): string;
export declare function startBuild(packageDir: string, id: string): string;
export declare function abandonBuild(build: string): void;
export declare function publishBuild(packageDir: string, build: string): void;
