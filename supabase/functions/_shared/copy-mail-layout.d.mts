/** Where the backend's copy of the mail layout is written. */
export declare const copyFile: string;
/** The text of the backend's copy, from branded-mail.ts and venue.ts. */
export declare function mailLayoutCopy(): string;
