/** Longest snippet handed to a grammar, in UTF-16 code units (the shell reader's own line limit). */
export const MAX_CODE_LENGTH = 100_000;
/** Most syntax nodes one snippet may have; a one-liner has a few hundred. */
export const MAX_NODES = 50_000;
/** Deepest syntax tree read; each bracket level of an expression adds one or two. */
export const MAX_DEPTH = 400;
/** Most evaluation steps one snippet may take, so names that refer to each other cannot make the reading slow. */
export const MAX_STEPS = 200_000;
/** Deepest chain of evaluations (a name assigned a name assigned a name…) followed. */
export const MAX_EVALUATION_DEPTH = 300;

/** Thrown when a snippet is over a limit; the reader turns it into an `unknown` action. */
export class OverReadingLimit extends Error {}
