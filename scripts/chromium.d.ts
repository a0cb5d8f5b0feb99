/** Where chromium is: CHROMIUM_PATH, else Debian's package. */
export declare const CHROMIUM: string;
/** Why chromium cannot run here, or null when it can. */
export declare const chromiumMissing: string | null;
/** The flags chromium is started with. */
export declare const CHROMIUM_ARGS: readonly string[];
