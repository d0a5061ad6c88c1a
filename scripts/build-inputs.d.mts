// The types of build-inputs.mjs, a plain script so that `npm run build` runs before anything is compiled.
export declare function buildInputsHash(root: string): string | undefined;
export declare function builtFrom(root: string, inputs: string | undefined): boolean;
export declare function forgetBuildInputs(root: string): void;
export declare function recordBuildInputs(root: string, inputs: string): void;
