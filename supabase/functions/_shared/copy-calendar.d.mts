/** Where the app's copy of the calendar code is written. */
export declare const calendarCopyFile: string;
/** The text of the app's copy, from calendar.ts. */
export declare function calendarCopy(): string;
